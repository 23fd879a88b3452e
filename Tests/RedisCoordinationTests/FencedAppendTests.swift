import TestSupport
import Testing

@testable import RedisCoordination

/// The change log: a stream per session whose entry ids are the revisions, written only by
/// the newest lease holder.
@Suite("Redis fenced change log", .tags(.transport))
struct FencedAppendTests {
    private func stream(_ redis: RedisServer, _ session: String) throws -> [(Int64, String)] {
        try redis.storedChanges(of: session).map { ($0.revision, String(decoding: $0.payload, as: UTF8.self)) }
    }

    @Test func aNodeThatLostTheLeaseCannotAppend() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        let two = try TestNode(redis.url, node: "node2")
        defer { one.shutdown(); two.shutdown() }
        let session = sessionID("fenced")
        let stale = try await one.lease(session)
        #expect(await one.settled(try one.append(1...3, under: stale)))

        // node1's lease lapses unseen (as if it had been stopped) and node2 takes the session.
        try redis.command("DEL", SessionKeys(sessionID: session).lease)
        let current = try await two.lease(session)
        let refused = try one.append(4...4, under: stale, payload: { "late \($0)" })
        #expect(await one.settled(refused))
        #expect(
            one.recorder.failedWrites == [FailedWrite(ticket: refused, sessionID: session, failure: .fenced(holder: "node2"))])

        #expect(await two.settled(try two.append(4...5, under: current)))
        #expect(two.recorder.failedWrites.isEmpty)
        // Even with the lease gone again, node1's epoch is not the newest: still refused.
        try redis.command("DEL", SessionKeys(sessionID: session).lease)
        let refusedAgain = try one.append(6...6, under: stale)
        #expect(await one.settled(refusedAgain))
        #expect(
            one.recorder.failedWrites.last == FailedWrite(ticket: refusedAgain, sessionID: session, failure: .fenced(holder: nil))
        )
        #expect(try stream(redis, session).map(\.1) == ["change 1", "change 2", "change 3", "change 4", "change 5"])
    }

    @Test func revisionsOnlyMoveForwardAndRepeatsAreHarmless() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        defer { one.shutdown() }
        let session = sessionID("ordered")
        let lease = try await one.lease(session)
        #expect(await one.settled(try one.append(1...3, under: lease)))

        let repeated = try one.append(2...2, under: lease)
        let conflicting = try one.append(2...2, under: lease, payload: { "other \($0)" })
        #expect(await one.settled(conflicting))
        let gap = try one.append(5...5, under: lease)
        let behindTheGap = try one.append(4...4, under: lease)
        #expect(await one.settled(behindTheGap))

        #expect(
            one.recorder.failedWrites == [
                FailedWrite(ticket: conflicting, sessionID: session, failure: .conflictingChange(revision: 2)),
                FailedWrite(ticket: behindTheGap, sessionID: session, failure: .staleRevision(lastStored: 5)),
            ])
        #expect(!one.recorder.failedWrites.map(\.ticket).contains(repeated))
        #expect(!one.recorder.failedWrites.map(\.ticket).contains(gap))
        #expect(try stream(redis, session).map(\.0) == [1, 2, 3, 5])
        // Redis itself refuses an entry id below the stream's top, whoever asks.
        let direct = try redis.command("XADD", SessionKeys(sessionID: session).log, "4-1", "at", "0", "change", "x")
        #expect(direct.errorMessage?.contains("equal or smaller than the target stream top item") == true)
    }

    @Test func pipelinedAppendsKeepTheirOrderAcrossSessions() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        defer { one.shutdown() }
        let sessions = (1...3).map { sessionID("piped\($0)") }
        var leases: [Lease] = []
        for session in sessions {
            leases.append(try await one.lease(session))
        }
        let revisions: ClosedRange<Int64> = 1...400
        var last = WriteTicket(rawValue: 0)
        for revision in revisions {
            for lease in leases {
                last = try one.append(revision...revision, under: lease, payload: { "\(lease.sessionID) at \($0)" })
            }
        }
        #expect(await one.settled(last))
        let reports = one.recorder.commitReports
        #expect(reports.allSatisfy { $0.outcome == .stored })
        #expect(reports.map(\.through) == reports.map(\.through).sorted())
        #expect(reports.count < revisions.count * sessions.count, "every append had a round trip of its own")
        for session in sessions {
            let stored = try stream(redis, session)
            #expect(stored.map(\.0) == Array(revisions))
            #expect(stored.map(\.1) == revisions.map { "\(session) at \($0)" })
        }
        #expect(one.coordinator.pendingWriteCount == 0)
    }
}
