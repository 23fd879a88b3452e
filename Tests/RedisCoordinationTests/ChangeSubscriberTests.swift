import Foundation
import Locking
import TestSupport
import Testing

@testable import RedisCoordination

/// Every change appended is published once on its session's channel; a node following the
/// session receives each, in order, and hears when its subscription is in place again after
/// Redis came back.
@Suite("Redis change subscriptions", .tags(.transport))
struct ChangeSubscriberTests {
    /// What a subscriber reported, in order.
    final class Reports: Sendable {
        let following = Locked<[String]>([])
        let changes = Locked<[StreamedChange]>([])

        var events: ChangeSubscriberEvents {
            ChangeSubscriberEvents(
                onFollowing: { id in self.following.withLock { $0.append(id) } },
                onChange: { change in self.changes.withLock { $0.append(change) } })
        }
    }

    private func subscriber(_ redis: RedisServer, _ reports: Reports) throws -> ChangeSubscriber {
        var configuration = try RedisCoordinatorConfiguration(url: redis.url, nodeID: "relay")
        configuration.reconnectDelay = .milliseconds(10)
        configuration.maximumReconnectDelay = .milliseconds(100)
        return try ChangeSubscriber(configuration: configuration, events: reports.events)
    }

    @Test func aFollowedSessionsChangesArriveInOrderEachPublishedOnce() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let owner = try TestNode(redis.url, node: "node1")
        defer { owner.shutdown() }
        let reports = Reports()
        let relay = try subscriber(redis, reports)
        defer { relay.shutdown() }
        let session = sessionID("followed")
        let other = sessionID("unfollowed")
        relay.follow(session)
        #expect(await eventually(timeout: .seconds(10)) { reports.following.withLock { $0 } == [session] })

        let lease = try await owner.lease(session)
        let otherLease = try await owner.lease(other)
        #expect(await owner.settled(try owner.append(1...3, under: lease, payload: { "change with spaces \($0)" })))
        #expect(await owner.settled(try owner.append(1...2, under: otherLease)))
        // A repeat is stored once and published once.
        #expect(await owner.settled(try owner.append(3...4, under: lease, payload: { "change with spaces \($0)" })))

        #expect(await eventually(timeout: .seconds(10)) { reports.changes.withLock { $0.count } == 4 })
        let received = reports.changes.withLock { $0 }
        #expect(received.map(\.sessionID) == Array(repeating: session, count: 4))
        #expect(received.map(\.revision) == [1, 2, 3, 4])
        #expect(received.map { String(decoding: $0.payload, as: UTF8.self) } == (1...4).map { "change with spaces \($0)" })
        #expect(received.map(\.at) == (try redis.storedChanges(of: session)).map(\.at))
        let publishes = try redis.command("INFO", "commandstats").text ?? ""
        #expect(publishes.contains("cmdstat_publish:calls=6,"), "one publish per change stored: \(publishes)")

        relay.unfollow(session)
        let unsubscribed = await eventually(timeout: .seconds(10)) {
            (try? redis.command("PUBSUB", "NUMSUB", ChangeSubscriber.channel(of: session)).elements?.last?.integer) == 0
        }
        #expect(unsubscribed)
    }

    @Test func aSubscriptionIsMadeAgainAfterRedisComesBack() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let reports = Reports()
        let relay = try subscriber(redis, reports)
        defer { relay.shutdown() }
        let session = sessionID("again")
        relay.follow(session)
        #expect(await eventually(timeout: .seconds(10)) { reports.following.withLock { $0.count } == 1 })
        try redis.restart()
        #expect(await eventually(timeout: .seconds(10)) { reports.following.withLock { $0 } == [session, session] })
    }

    @Test("A published message is read as revision, time and the payload after them, spaces and all")
    func messagesAreRead() {
        let change = ChangeSubscriber.change(of: "s", message: Array("12 1700000000000 {\"a\": 1}".utf8))
        #expect(change == StreamedChange(sessionID: "s", revision: 12, at: 1_700_000_000_000, payload: Array("{\"a\": 1}".utf8)))
        #expect(ChangeSubscriber.change(of: "s", message: Array("twelve 1 x".utf8)) == nil)
        #expect(ChangeSubscriber.change(of: "s", message: Array("12".utf8)) == nil)
    }

    @Test("The channel's other messages: live with its payload, and end; a change still needs its numbers")
    func liveAndEndAreRead() {
        #expect(
            ChangeSubscriber.published(of: "s", message: Array("live {\"type\":\"carets\"}\n{}".utf8))
                == .live(Array("{\"type\":\"carets\"}\n{}".utf8)))
        #expect(ChangeSubscriber.published(of: "s", message: Array("end".utf8)) == .ended)
        #expect(ChangeSubscriber.published(of: "s", message: Array("ended".utf8)) == nil)
        #expect(
            ChangeSubscriber.published(of: "s", message: Array("3 7 x".utf8))
                == .change(StreamedChange(sessionID: "s", revision: 3, at: 7, payload: Array("x".utf8))))
    }
}
