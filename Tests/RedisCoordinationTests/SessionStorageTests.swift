import TestSupport
import Testing

@testable import RedisCoordination

/// Metadata, snapshots, members, loading for a new owner, and deleting a session.
@Suite("Redis session storage", .tags(.transport))
struct SessionStorageTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aNewOwnerLoadsTheSnapshotAndTheChangesAfterItAndContinuesTheNumbering() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        // Small pages, so loading needs several round trips.
        let two = try TestNode(redis.url, node: "node2") { $0.loadPageSize = 16 }
        defer { one.shutdown(); two.shutdown() }
        let session = sessionID("takeover")
        let viewer = String(session.prefix(8)) + "-viewer"

        #expect(try await one.acquire(session, mustExist: true) == .noSuchSession)
        let first = try await one.lease(session)
        let metadata = SessionMetadata(sessionID: session, viewerCapability: viewer, payload: bytes("created at 1000"))
        _ = try one.coordinator.createSession(metadata, under: first)
        for (clientID, name) in [("tab-b", "Grace"), ("tab-a", "Ada")] {
            _ = try one.coordinator.storeMember(
                MemberRecord(sessionID: session, clientID: clientID, payload: bytes(name)), under: first)
        }
        try one.append(1...200, under: first)
        _ = try one.coordinator.storeSnapshot(
            SnapshotRecord(sessionID: session, revision: 200, payload: bytes("state at 200")), under: first)
        #expect(await one.settled(try one.append(201...250, under: first)))
        #expect(one.recorder.failedWrites.isEmpty)
        // The snapshot dropped the entries it covers.
        #expect(try redis.command("XLEN", SessionKeys(sessionID: session).log) == .integer(51))

        // node1 dies: its lease lapses and node2 takes the session over.
        try redis.command("DEL", SessionKeys(sessionID: session).lease)
        guard case .acquired(let second) = try await two.acquire(session, mustExist: true) else {
            Issue.record("node2 could not take the session over")
            return
        }
        let loaded = try #require(try await two.load(session))
        #expect(loaded.metadata == metadata)
        #expect(loaded.snapshot == SnapshotRecord(sessionID: session, revision: 200, payload: bytes("state at 200")))
        #expect(loaded.changes.map(\.revision) == Array(201...250))
        #expect(loaded.changes.first == StreamedChange(sessionID: session, revision: 201, at: 1201, payload: bytes("change 201")))
        #expect(loaded.members.map(\.clientID) == ["tab-a", "tab-b"])
        #expect(loaded.members.map(\.payload) == [bytes("Ada"), bytes("Grace")])
        #expect(loaded.owner == "node2")
        #expect(loaded.revision == 250)

        #expect(await two.settled(try two.append(251...251, under: second)))
        let late = try one.append(251...251, under: first, payload: { "late \($0)" })
        #expect(await one.settled(late))
        #expect(one.recorder.failedWrites.map(\.failure) == [.fenced(holder: "node2")])
        #expect(two.recorder.failedWrites.isEmpty)
        #expect(try await two.load(session)?.changes.last?.payload == bytes("change 251"))
    }

    @Test func theViewerCapabilityFindsItsSession() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        defer { one.shutdown() }
        let session = sessionID("viewed")
        let viewer = String(session.prefix(8)) + "-viewer"
        let lease = try await one.lease(session)
        let metadata = SessionMetadata(sessionID: session, viewerCapability: viewer, payload: bytes("m"))
        _ = try one.coordinator.createSession(metadata, under: lease)
        // Creating it again with the same metadata is a repeat; with other metadata, refused.
        _ = try one.coordinator.createSession(metadata, under: lease)
        let other = try one.coordinator.createSession(
            SessionMetadata(sessionID: session, viewerCapability: viewer, payload: bytes("n")), under: lease)
        #expect(await one.settled(other))
        #expect(one.recorder.failedWrites == [FailedWrite(ticket: other, sessionID: session, failure: .sessionExists)])

        // Another session cannot claim the same viewer capability.
        let twin = sessionID("viewed") + "-twin"
        let twinLease = try await one.lease(twin)
        let taken = try one.coordinator.createSession(
            SessionMetadata(sessionID: twin, viewerCapability: viewer, payload: bytes("t")), under: twinLease)
        #expect(await one.settled(taken))
        #expect(one.recorder.failedWrites.last == FailedWrite(ticket: taken, sessionID: twin, failure: .viewerCapabilityTaken))

        #expect(try await reply { try one.coordinator.sessionID(forViewer: viewer, $0) } == session)
        #expect(try await reply { try one.coordinator.sessionID(forViewer: "unknown-viewer", $0) } == nil)
        #expect(try await one.load(sessionID("missing")) == nil)
        #expect(try await one.load(session)?.metadata.viewerCapability == viewer)
    }

    @Test func deletingASessionRemovesEveryKeyAndItsLease() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        let two = try TestNode(redis.url, node: "node2")
        defer { one.shutdown(); two.shutdown() }
        let session = sessionID("expired")
        let viewer = String(session.prefix(8)) + "-viewer"
        let lease = try await one.lease(session)
        _ = try one.coordinator.createSession(
            SessionMetadata(sessionID: session, viewerCapability: viewer, payload: bytes("m")), under: lease)
        _ = try one.coordinator.storeMember(
            MemberRecord(sessionID: session, clientID: "tab", payload: bytes("Ada")), under: lease)
        try one.append(1...5, under: lease)
        _ = try one.coordinator.storeSnapshot(SnapshotRecord(sessionID: session, revision: 3, payload: bytes("s")), under: lease)
        _ = try one.coordinator.shareLive(bytes("presence"), under: lease)
        // Another node serves viewers of it: the audience hash goes with the session, not a lease later.
        #expect(try await reply { try two.coordinator.reportAudience(of: session, viewers: 4, for: .seconds(30), $0) })
        #expect(try redis.command("EXISTS", SessionKeys(sessionID: session).audience).integer == 1, "the check can fail")
        #expect(await one.settled(try one.coordinator.deleteSession(under: lease)))
        #expect(await one.settled(try one.coordinator.deleteSession(under: lease)))
        #expect(one.recorder.failedWrites.isEmpty)

        #expect(try redis.command("KEYS", "*") == .array([]))
        #expect(try await one.load(session) == nil)
        #expect(try await reply { try one.coordinator.sessionID(forViewer: viewer, $0) } == nil)
        #expect(try await two.acquire(session, mustExist: true) == .noSuchSession)
        // The deleted session's old lease can write nothing back.
        let late = try one.append(6...6, under: lease)
        #expect(await one.settled(late))
        #expect(one.recorder.failedWrites.map(\.failure) == [.fenced(holder: nil)])
    }

    @Test func everyKeyOfASessionExpiresAfterTheRetentionTime() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1") { $0.retention = .seconds(600) }
        defer { one.shutdown() }
        let session = sessionID("retained")
        let lease = try await one.lease(session)
        _ = try one.coordinator.createSession(
            SessionMetadata(sessionID: session, viewerCapability: String(session.prefix(8)) + "-viewer", payload: bytes("m")),
            under: lease)
        _ = try one.coordinator.storeMember(
            MemberRecord(sessionID: session, clientID: "tab", payload: bytes("Ada")), under: lease)
        _ = try one.coordinator.storeSnapshot(SnapshotRecord(sessionID: session, revision: 0, payload: bytes("s")), under: lease)
        #expect(await one.settled(try one.append(1...2, under: lease)))

        guard case .array(let keys) = try redis.command("KEYS", "*") else {
            Issue.record("KEYS did not answer a list")
            return
        }
        #expect(keys.count == 7)
        for key in keys.compactMap(\.text) {
            let remaining = try #require(try redis.command("PTTL", key).integer)
            if key == SessionKeys(sessionID: session).lease {
                #expect(remaining <= 30_000, "the lease keeps its own time-to-live")
            } else {
                #expect(remaining > 590_000 && remaining <= 600_000, "\(key) expires in \(remaining) ms")
            }
        }
    }
}
