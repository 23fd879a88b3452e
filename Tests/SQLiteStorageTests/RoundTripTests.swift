import Foundation
import Locking
import SQLiteStorage
import TestSupport
import Testing

@Suite("Storage round trip: every write comes back")
struct RoundTripTests {
    @Test func everyWriteKindComesBackThroughLoadAll() throws {
        let folder = TemporaryFolder()
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        do {
            let store = try SQLiteStore.open(directory: folder.path)
            let writer = try store.startWriter(onCommit: CommitRecorder().handler)
            writer.submit([.upsertSession(id: "b", meta: Fixture.bytes("meta b"))])
            writer.submit([.upsertSession(id: "a", meta: Fixture.bytes("meta a v1"))] + Fixture.appends("a", 1...3))
            writer.submit([
                .upsertMember(session: "a", client: "tab-2", body: Fixture.bytes("Grace")),
                .upsertMember(session: "a", client: "tab-1", body: Fixture.bytes("Ada")),
                .upsertSession(id: "a", meta: Fixture.bytes("meta a v2")),
            ])
            writer.submit([.upsertMember(session: "a", client: "tab-1", body: Fixture.bytes("Ada L"))])
            writer.flush()
            store.close()
        }
        let after = Int64(Date().timeIntervalSince1970 * 1000)
        // Everything was written through one store and read through another: it is on disk.
        let store = try SQLiteStore.open(directory: folder.path)
        let sessions = try store.loadAll()
        #expect(sessions.map(\.id) == ["a", "b"])
        let a = sessions[0]
        #expect(a.meta == Fixture.bytes("meta a v2"))
        #expect(a.snapshot == nil)
        #expect(a.changes == [Fixture.change("a", 1), Fixture.change("a", 2), Fixture.change("a", 3)])
        #expect(
            a.members == [
                StoredMember(client: "tab-1", body: Fixture.bytes("Ada L")),
                StoredMember(client: "tab-2", body: Fixture.bytes("Grace")),
            ])
        #expect(a.revision == 3)
        #expect((before...after).contains(a.updatedAt))
        #expect(
            sessions[1]
                == StoredSession(
                    id: "b", meta: Fixture.bytes("meta b"), updatedAt: sessions[1].updatedAt, snapshot: nil, changes: [],
                    members: []))
    }

    @Test func aSnapshotReplacesThePreviousAndLoadAllReturnsOnlyTheChangesAfterIt() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let writer = try store.startWriter(onCommit: CommitRecorder().handler)
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...10))
        writer.submit([.snapshot(session: "s", snapshot: StoredSnapshot(revision: 4, body: Fixture.bytes("state at 4")))])
        writer.submit([.snapshot(session: "s", snapshot: StoredSnapshot(revision: 7, body: Fixture.bytes("state at 7")))])
        writer.flush()
        let session = try #require(try store.loadAll().first)
        #expect(session.snapshot == StoredSnapshot(revision: 7, body: Fixture.bytes("state at 7")))
        #expect(session.changes.map(\.revision) == [8, 9, 10])
        #expect(session.revision == 10)
        // The timeline still reaches behind the snapshot.
        #expect(try store.changes(session: "s", from: 2, through: 5) == (2...5).map { Fixture.change("s", $0) })
        #expect(try store.changes(session: "s", from: 9, through: 100).map(\.revision) == [9, 10])
        #expect(try store.changes(session: "nobody", from: 0, through: 100).isEmpty)
    }

    @Test func changesBehindASnapshotArePrunedWhenNotKept() throws {
        let folder = TemporaryFolder()
        var options = StoreOptions()
        options.keepChangesBehindSnapshot = false
        let store = try SQLiteStore.open(directory: folder.path, options: options)
        let writer = try store.startWriter(onCommit: CommitRecorder().handler)
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...10))
        writer.submit([.snapshot(session: "s", snapshot: StoredSnapshot(revision: 6, body: Fixture.bytes("state at 6")))])
        writer.flush()
        #expect(try store.changes(session: "s", from: 0, through: 100).map(\.revision) == [7, 8, 9, 10])
        #expect(try store.loadAll().first?.changes.map(\.revision) == [7, 8, 9, 10])
    }

    @Test func deletingASessionDeletesEverythingOfIt() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let writer = try store.startWriter(onCommit: CommitRecorder().handler)
        for id in ["gone", "kept"] {
            writer.submit(
                [.upsertSession(id: id, meta: Fixture.bytes(id))] + Fixture.appends(id, 1...5) + [
                    .snapshot(session: id, snapshot: StoredSnapshot(revision: 3, body: Fixture.bytes("state"))),
                    .upsertMember(session: id, client: "tab", body: Fixture.bytes("Ada")),
                ])
        }
        writer.submit([.deleteSession(id: "gone")])
        writer.flush()
        #expect(try store.loadAll().map(\.id) == ["kept"])
        #expect(try store.changes(session: "gone", from: 0, through: 10).isEmpty)
        // The same id can start over from revision 1.
        writer.submit([.upsertSession(id: "gone", meta: [])] + Fixture.appends("gone", 1...1))
        writer.flush()
        let reborn = try #require(try store.loadAll().first { $0.id == "gone" })
        #expect(reborn.changes.map(\.revision) == [1])
        #expect(reborn.snapshot == nil && reborn.members.isEmpty)
    }

    @Test func emptyPayloadsComeBackEmpty() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let writer = try store.startWriter(onCommit: CommitRecorder().handler)
        writer.submit([
            .upsertSession(id: "s", meta: []),
            .append(StoredChange(session: "s", revision: 1, at: 5, body: [])),
            .snapshot(session: "s", snapshot: StoredSnapshot(revision: 0, body: [])),
            .upsertMember(session: "s", client: "c", body: []),
        ])
        writer.flush()
        #expect(
            try store.loadAll() == [
                StoredSession(
                    id: "s", meta: [], updatedAt: try store.loadAll()[0].updatedAt,
                    snapshot: StoredSnapshot(revision: 0, body: []),
                    changes: [StoredChange(session: "s", revision: 1, at: 5, body: [])],
                    members: [StoredMember(client: "c", body: [])])
            ])
    }

    /// WAL mode: the timeline is readable while the writer commits, and every read sees whole
    /// commits (each submission appends two revisions, so a read never ends on an odd one).
    @Test func readsSeeWholeCommitsWhileTheWriterRuns() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let writer = try store.startWriter(onCommit: CommitRecorder().handler)
        writer.submit([.upsertSession(id: "s", meta: [])])
        writer.flush()
        let done = Locked(false)
        let submitter = Thread {
            for pair in stride(from: Int64(1), to: 400, by: 2) {
                writer.submit(Fixture.appends("s", pair...(pair + 1)))
            }
            writer.flush()
            done.withLock { $0 = true }
        }
        submitter.start()
        var reads = 0
        var lastSeen = 0
        while !done.withLock({ $0 }) || reads == 0 {
            let revisions = try store.changes(session: "s", from: 0, through: 1000).map(\.revision)
            #expect(revisions == (0..<revisions.count).map { Int64($0) + 1 })
            #expect(revisions.count % 2 == 0)
            #expect(revisions.count >= lastSeen)
            lastSeen = revisions.count
            reads += 1
        }
        #expect(try store.changes(session: "s", from: 0, through: 1000).count == 400)
    }

    @Test func readsAfterCloseAreRefusedInASentence() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        store.close()
        let sentence = StorageError.closed(path: folder.databasePath).description
        print(sentence)
        #expect(throws: StorageError.closed(path: folder.databasePath)) { try store.loadAll() }
        #expect(
            sentence
                == "The database \(folder.databasePath) was closed, so nothing was read or stored; open it again, and submit writes before closing it."
        )
    }
}
