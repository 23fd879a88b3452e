import Foundation
import Locking
import TestSupport

@testable import RedisCoordination

/// Everything a coordinator reported, in order.
final class EventRecorder: Sendable {
    private let commits = Locked<[(through: WriteTicket, outcome: CommitOutcome)]>([])
    private let lost = Locked<[LostLease]>([])
    private let healths = Locked<[CoordinatorHealth]>([])
    private let handoffs = Locked<[(lease: Lease, node: String)]>([])
    private let audiences = Locked<[Int]>([])

    var events: RedisCoordinatorEvents {
        RedisCoordinatorEvents(
            onCommit: { through, outcome in self.commits.withLock { $0.append((through, outcome)) } },
            onLeaseLost: { lease in self.lost.withLock { $0.append(lease) } },
            onHealthChange: { health in self.healths.withLock { $0.append(health) } },
            onHandoffRequested: { lease, node in self.handoffs.withLock { $0.append((lease, node)) } },
            onAudience: { _, viewers in self.audiences.withLock { $0.append(viewers) } })
    }

    var commitReports: [(through: WriteTicket, outcome: CommitOutcome)] { commits.withLock { $0 } }
    var lostLeases: [LostLease] { lost.withLock { $0 } }
    var healthChanges: [CoordinatorHealth] { healths.withLock { $0 } }
    var handoffRequests: [(lease: Lease, node: String)] { handoffs.withLock { $0 } }
    /// The viewers elsewhere each renewal reported, in order.
    var audienceReports: [Int] { audiences.withLock { $0 } }

    /// The highest ticket settled so far.
    var settledThrough: WriteTicket? { commits.withLock { $0.last?.through } }

    /// Every write reported as not stored.
    var failedWrites: [FailedWrite] {
        commits.withLock { reports in
            reports.flatMap { report -> [FailedWrite] in
                if case .storedExcept(let failed) = report.outcome { failed } else { [] }
            }
        }
    }
}

/// One node's coordinator against a test's Redis, with short timeouts and async helpers.
struct TestNode {
    let coordinator: RedisCoordinator
    let recorder = EventRecorder()

    /// Connect and command timeouts of 250 ms: a lease must last at least 1.5 s.
    static let shortestLease = Duration.milliseconds(1500)

    init(_ url: RedisURL, node: String, configure: (inout RedisCoordinatorConfiguration) -> Void = { _ in }) throws {
        var configuration = try RedisCoordinatorConfiguration(url: url, nodeID: node)
        configuration.connectTimeout = .milliseconds(250)
        configuration.commandTimeout = .milliseconds(250)
        configuration.reconnectDelay = .milliseconds(10)
        configuration.maximumReconnectDelay = .milliseconds(200)
        configuration.probeInterval = .milliseconds(100)
        configure(&configuration)
        coordinator = RedisCoordinator(configuration: configuration, events: recorder.events)
    }

    func acquire(_ sessionID: String, ttl: Duration = .seconds(30), mustExist: Bool = false) async throws -> LeaseAcquisition {
        try await reply { try coordinator.acquireLease(for: sessionID, ttl: ttl, mustExist: mustExist, $0) }
    }

    /// Acquires a lease that must be granted.
    func lease(_ sessionID: String, ttl: Duration = .seconds(30)) async throws -> Lease {
        let acquisition = try await acquire(sessionID, ttl: ttl)
        guard case .acquired(let lease) = acquisition else {
            throw RedisServer.SetupError(description: "expected the lease on \(sessionID), got \(acquisition)")
        }
        return lease
    }

    func load(_ sessionID: String) async throws -> LoadedSession? {
        try await reply { try coordinator.loadSession(sessionID, $0) }
    }

    /// Appends changes `revisions` with payloads `"<revision>"` and returns the last ticket.
    @discardableResult
    func append(_ revisions: ClosedRange<Int64>, under lease: Lease, payload: (Int64) -> String = { "change \($0)" }) throws
        -> WriteTicket
    {
        var ticket: WriteTicket?
        for revision in revisions {
            let change = StreamedChange(
                sessionID: lease.sessionID, revision: revision, at: 1_000 + revision, payload: Array(payload(revision).utf8))
            ticket = try coordinator.append(change, under: lease)
        }
        return ticket!
    }

    /// Waits until `ticket` is settled; false after `timeout`.
    func settled(_ ticket: WriteTicket, timeout: Duration = .seconds(10)) async -> Bool {
        await eventually(timeout: timeout) { (recorder.settledThrough ?? WriteTicket(rawValue: 0)) >= ticket }
    }

    func shutdown() {
        coordinator.shutdown()
    }
}

/// Calls a coordinator method that answers through a closure, and awaits the answer.
func reply<Value: Sendable>(
    _ submit: (@escaping @Sendable (Result<Value, RedisCoordinationError>) -> Void) throws -> Void
) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        do {
            try submit { continuation.resume(with: $0) }
        } catch {
            continuation.resume(throwing: error)
        }
    }
}

/// A session id as the server makes them: an 8-character routing key, then the secret.
func sessionID(_ name: String) -> String {
    String(name.padding(toLength: 8, withPad: "_", startingAt: 0).prefix(8)) + "-secret-" + name
}
