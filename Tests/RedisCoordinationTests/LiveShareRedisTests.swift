import Foundation
import Locking
import TestSupport
import Testing

@testable import RedisCoordination

/// What a holder shares without a change reaches a relay in order with its changes, one publish
/// each, and the latest is kept for a relay that starts following; deleting the session
/// announces its end and forgets it; a node may ask for a lease without wanting it.
@Suite("Live shares and the end of a session over Redis", .tags(.transport))
struct LiveShareRedisTests {
    /// What the subscriber reported, in one order: `change N`, `live <payload>`, `end`.
    final class Heard: Sendable {
        let following = Locked<Int>(0)
        let events = Locked<[String]>([])

        var reports: ChangeSubscriberEvents {
            ChangeSubscriberEvents(
                onFollowing: { _ in self.following.withLock { $0 += 1 } },
                onChange: { change in self.events.withLock { $0.append("change \(change.revision)") } },
                onLive: { _, payload in self.events.withLock { $0.append("live " + String(decoding: payload, as: UTF8.self)) } },
                onEnded: { _ in self.events.withLock { $0.append("end") } })
        }
    }

    @Test func sharesFollowTheirChangesAreKeptAndTheEndIsAnnounced() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let owner = try TestNode(redis.url, node: "node1")
        defer { owner.shutdown() }
        let heard = Heard()
        var configuration = try RedisCoordinatorConfiguration(url: redis.url, nodeID: "relay")
        configuration.reconnectDelay = .milliseconds(10)
        let relay = try ChangeSubscriber(configuration: configuration, events: heard.reports)
        defer { relay.shutdown() }
        let session = sessionID("live")
        relay.follow(session)
        #expect(await eventually(timeout: .seconds(10)) { heard.following.withLock { $0 } == 1 })

        let lease = try await owner.lease(session)
        let share = "{\"type\":\"carets\"}\n{\"type\":\"presence\"}"
        try owner.append(1...1, under: lease)
        #expect(await owner.settled(try owner.coordinator.shareLive(Array(share.utf8), under: lease)))
        #expect(await eventually(timeout: .seconds(10)) { heard.events.withLock { $0 } == ["change 1", "live " + share] })
        let kept = try await reply { try owner.coordinator.liveShare(of: session, $0) }
        #expect(kept == Array(share.utf8))

        #expect(await owner.settled(try owner.coordinator.deleteSession(under: lease)))
        #expect(await eventually(timeout: .seconds(10)) { heard.events.withLock { $0.last } == "end" })
        #expect(try await reply { try owner.coordinator.liveShare(of: session, $0) } == nil)
        let publishes = try redis.command("INFO", "commandstats").text ?? ""
        #expect(publishes.contains("cmdstat_publish:calls=3,"), "one publish each: \(publishes)")
    }

    @Test func aNodeMayAskForALeaseWithoutWantingIt() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let holder = try TestNode(redis.url, node: "node1")
        defer { holder.shutdown() }
        let other = try TestNode(redis.url, node: "node2")
        defer { other.shutdown() }
        let session = sessionID("unwanted")
        _ = try await holder.lease(session)
        let wanted = SessionKeys(sessionID: session).wanted
        let quiet = try await reply { try other.coordinator.acquireLease(for: session, ttl: .seconds(30), wanting: false, $0) }
        guard case .heldElsewhere = quiet else {
            Issue.record("expected heldElsewhere, got \(quiet)")
            return
        }
        #expect(try redis.command("EXISTS", wanted).integer == 0)
        guard case .heldElsewhere = try await other.acquire(session) else {
            Issue.record("expected heldElsewhere")
            return
        }
        #expect(try redis.command("EXISTS", wanted).integer == 1, "the check can fail")
    }
}
