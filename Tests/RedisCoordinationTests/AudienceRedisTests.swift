import TestSupport
import Testing

@testable import RedisCoordination

/// Relays tell a session's holder how many of its viewers they serve: the holder's renewals sum
/// the nodes' reports, each counted for its lifetime by Redis's clock, and report the sum when
/// it changes.
@Suite("The audience elsewhere over Redis", .tags(.transport))
struct AudienceRedisTests {
    @Test func theHolderHearsTheSumOfTheRelaysReportsAtItsRenewalsUntilEachLapses() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let holder = try TestNode(redis.url, node: "node1")
        defer { holder.shutdown() }
        let relays = try [TestNode(redis.url, node: "node2"), TestNode(redis.url, node: "node3")]
        defer { for relay in relays { relay.shutdown() } }
        let session = sessionID("audience")
        _ = try await holder.lease(session, ttl: TestNode.shortestLease)

        func report(_ relay: TestNode, _ viewers: Int, for lifetime: Duration = .seconds(30)) async throws {
            #expect(try await reply { try relay.coordinator.reportAudience(of: session, viewers: viewers, for: lifetime, $0) })
        }
        /// Whether the holder's latest report comes to `viewers` (a renewal may fall between two
        /// relays' reports and report a sum on the way too).
        func heard(_ viewers: Int) async -> Bool {
            await eventually(timeout: .seconds(10)) { holder.recorder.audienceReports.last == viewers }
        }

        try await report(relays[0], 5)
        try await report(relays[1], 7)
        #expect(await heard(12), "\(holder.recorder.audienceReports)")
        try await report(relays[1], 0)
        #expect(await heard(5), "\(holder.recorder.audienceReports)")
        // A relay that stops reporting (its process died) stops counting when its report lapses.
        try await report(relays[0], 3, for: .milliseconds(1200))
        #expect(await heard(3), "\(holder.recorder.audienceReports)")
        #expect(await heard(0), "\(holder.recorder.audienceReports)")
        // The next report forgets the lapsed one.
        try await report(relays[1], 1)
        #expect(try redis.command("HKEYS", SessionKeys(sessionID: session).audience).elements?.map(\.text) == ["node3"])
        #expect(await heard(1), "\(holder.recorder.audienceReports)")
        let reports = holder.recorder.audienceReports
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0 != $1 }, "only changes are reported: \(reports)")
    }
}
