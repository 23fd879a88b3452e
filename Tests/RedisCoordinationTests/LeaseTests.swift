import TestSupport
import Testing

@testable import RedisCoordination

/// Leases between two coordinators with different node ids, on a real redis-server.
@Suite("Redis leases", .tags(.transport, .long))
struct LeaseTests {
    @Test func onlyOneNodeHoldsASessionAtATime() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        let two = try TestNode(redis.url, node: "node2")
        defer { one.shutdown(); two.shutdown() }
        let session = sessionID("exclusive")

        let first = try await one.lease(session)
        #expect(first.node == "node1")
        guard case .heldElsewhere(let holder, let expiresIn) = try await two.acquire(session) else {
            Issue.record("node2 got a lease node1 holds")
            return
        }
        #expect(holder == "node1")
        #expect(expiresIn > .seconds(25) && expiresIn <= .seconds(30))
        // The holder asking again gets the same lease: a lost reply can be repeated.
        #expect(try await one.acquire(session) == .acquired(first))
        #expect(try await reply { try one.coordinator.leaseHolder(of: session, $0) } == "node1")

        #expect(try await reply { try one.coordinator.releaseLease(first, $0) })
        #expect(try await reply { try one.coordinator.releaseLease(first, $0) } == false)
        let second = try await two.lease(session)
        #expect(second.node == "node2")
        #expect(second.epoch == first.epoch + 1)
        #expect(one.recorder.lostLeases.isEmpty)
    }

    @Test func aKeptLeaseOutlivesItsTimeToLive() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        let two = try TestNode(redis.url, node: "node2")
        defer { one.shutdown(); two.shutdown() }
        let session = sessionID("renewed")

        _ = try await one.lease(session, ttl: TestNode.shortestLease)
        // Renewed every third of the time to live: six renewals are two lifetimes.
        #expect(await renewals(6, of: session, in: redis))
        guard case .heldElsewhere(let holder, _) = try await two.acquire(session, ttl: TestNode.shortestLease) else {
            Issue.record("the lease lapsed although node1 kept renewing it")
            return
        }
        #expect(holder == "node1")
        #expect(one.recorder.lostLeases.isEmpty)
    }

    @Test func aLeaseThatCannotBeRenewedIsReportedLostBeforeAnotherNodeGetsIt() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        let two = try TestNode(redis.url, node: "node2")
        defer { one.shutdown(); two.shutdown() }
        let session = sessionID("lapsing")
        let lease = try await one.lease(session, ttl: TestNode.shortestLease)

        redis.pause()
        let paused = ContinuousClock.now
        #expect(await eventually(timeout: .seconds(10)) { !one.recorder.lostLeases.isEmpty })
        let reportedAfter = ContinuousClock.now - paused
        redis.resume()
        #expect(one.recorder.lostLeases == [LostLease(lease: lease, reason: .unconfirmed)])
        #expect(reportedAfter < TestNode.shortestLease)

        // Redis lets the lease lapse too (a renewal sent before the pause may extend it once).
        var acquisition = LeaseAcquisition.noSuchSession
        #expect(
            await eventually(timeout: .seconds(10)) {
                acquisition = (try? await two.acquire(session, ttl: TestNode.shortestLease)) ?? .noSuchSession
                if case .acquired = acquisition { return true }
                return false
            })
        guard case .acquired(let taken) = acquisition else { return }
        #expect(taken.epoch == lease.epoch + 1)
    }

    @Test func aLeaseTakenOverIsReportedAtTheNextRenewal() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        let two = try TestNode(redis.url, node: "node2")
        defer { one.shutdown(); two.shutdown() }
        let session = sessionID("stolen")
        let lease = try await one.lease(session, ttl: TestNode.shortestLease)

        // As if node1 had stopped long enough for the lease to lapse and node2 took it.
        try redis.command("DEL", SessionKeys(sessionID: session).lease)
        _ = try await two.lease(session)
        #expect(await eventually(timeout: .seconds(10)) { !one.recorder.lostLeases.isEmpty })
        #expect(one.recorder.lostLeases == [LostLease(lease: lease, reason: .takenOver(by: "node2"))])
        #expect(try await reply { try one.coordinator.renewLease(lease, $0) } == false)
    }

    @Test func aNodeAskingForAHeldSessionIsHeardAtTheHoldersNextRenewal() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        let two = try TestNode(redis.url, node: "node2")
        defer { one.shutdown(); two.shutdown() }
        let session = sessionID("wanted")
        let lease = try await one.lease(session, ttl: TestNode.shortestLease)

        guard case .heldElsewhere = try await two.acquire(session, ttl: TestNode.shortestLease) else {
            Issue.record("node2 got a lease node1 holds")
            return
        }
        _ = try await two.acquire(session, ttl: TestNode.shortestLease)
        #expect(await eventually(timeout: .seconds(10)) { !one.recorder.handoffRequests.isEmpty })
        // Heard once, however often node2 asks, and the lease is still node1's until it lets go:
        // two more renewals carried node2's request again and were not reported.
        #expect(await renewals(2, of: session, in: redis))
        #expect(one.recorder.handoffRequests.map(\.lease) == [lease])
        #expect(one.recorder.handoffRequests.map(\.node) == ["node2"])
        #expect(one.recorder.lostLeases.isEmpty)

        #expect(try await reply { try one.coordinator.releaseLease(lease, $0) })
        let taken = try await two.lease(session, ttl: TestNode.shortestLease)
        #expect(taken.epoch == lease.epoch + 1)
        #expect(try redis.command("EXISTS", SessionKeys(sessionID: session).wanted) == .integer(0))
    }

    @Test func shuttingDownReleasesEveryLease() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        let two = try TestNode(redis.url, node: "node2")
        defer { two.shutdown() }
        let sessions = (1...3).map { sessionID("handover\($0)") }
        for session in sessions {
            _ = try await one.lease(session)
        }
        one.shutdown()
        for session in sessions {
            #expect(try await two.lease(session).node == "node2")
        }
        #expect(throws: RedisCoordinationError.shutDown) { try one.coordinator.leaseHolder(of: sessions[0]) { _ in } }
    }

    @Test func aLeaseTooShortToKeepIsRefusedAtOnce() throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        defer { one.shutdown() }
        let error = RedisCoordinationError.leaseTooShort(ttl: .seconds(1), minimum: TestNode.shortestLease)
        #expect(throws: error) { try one.coordinator.acquireLease(for: "x", ttl: .seconds(1)) { _ in } }
        #expect(error.description.hasPrefix("a lease of 1.0 seconds is too short to renew in time; use at least 1.5 seconds"))
    }

    /// Waits until node1 has renewed the lease on `session` `count` times: each renewal moves
    /// the lease key's time to live in Redis back up.
    private func renewals(_ count: Int, of session: String, in redis: RedisServer) async -> Bool {
        let key = SessionKeys(sessionID: session).lease
        var (seen, left) = (0, Int64.max)
        return await eventually(timeout: TestNode.shortestLease * (count + 2)) {
            guard case .integer(let now) = try? redis.command("PTTL", key), now > 0 else { return false }
            if now > left { seen += 1 }
            left = now
            return seen >= count
        }
    }
}
