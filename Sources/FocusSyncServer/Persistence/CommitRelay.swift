import Locking

/// Carries the store's commit reports (made on its writer thread, or on the service thread when
/// it committed a group itself), and with Redis what the coordinator reports, to the
/// application, which is created after the store.
///
/// Commit reports wait in a queue of their own and cross to the service thread in one hop for
/// as many as arrive before it runs: a busy writer reports many commits, and each hop wakes the
/// service thread (``HopQueue``). Reports made on the service thread need no hop. Successive
/// successes fold into the last of them (each covers every ticket before it); a failure stays a
/// report of its own, in order.
final class CommitRelay: Sendable {
    private let target = Locked<Application?>(nil)
    private let reports = HopQueue<CommitReport>()
    private let events = HopQueue<ClusterEvent>()

    func connect(_ application: Application) {
        target.withLock { $0 = application }
    }

    func committed(through ticket: UInt64, failure: String?) {
        // Before the application is connected there is nobody to tell.
        guard let application = target.withLock({ $0 }) else { return }
        let report = CommitReport(through: ticket, failure: failure)
        guard reports.push(report, folding: { last, next in last.failure == nil && next.failure == nil }) else { return }
        application.storageCommitted { [reports] in reports.takeAll() }
    }

    /// What the Redis coordinator and subscriber reported (on their threads). Like commit
    /// reports, events wait in a queue and cross in one hop for as many as arrive before it
    /// runs; successive commits that stored everything fold into the last.
    func cluster(_ event: ClusterEvent) {
        guard let application = target.withLock({ $0 }) else { return }
        let hop = events.push(event) { last, next in
            guard case .committed(_, let before) = last, case .committed(_, let failed) = next else { return false }
            return before.isEmpty && failed.isEmpty
        }
        guard hop else { return }
        application.clusterEvents { [events] in events.takeAll() }
    }
}

/// The store committed every ticket through `through`, or failed to (`failure` says why).
struct CommitReport: Sendable {
    var through: UInt64
    var failure: String?
}
