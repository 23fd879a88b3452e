import TestSupport
import Testing

@testable import SQLiteStorage

/// Changes wait in commit order in `recent_changes` and are folded into `changes` in bulk
/// (``ChangeLog``): reads see one log either way, and a version-1 file keeps its log.
@Suite("Storage change log: recent changes folded in bulk")
struct ChangeLogTests {
    @Test func foldsKeepEveryChangeInOrderForTheRestoreAndTheTimeline() throws {
        let folder = TemporaryFolder()
        var options = StoreOptions()
        options.changesPerFold = 5
        let store = try SQLiteStore.open(directory: folder.path, options: options)
        let recorder = CommitRecorder()
        let writer = try store.startWriter(onCommit: recorder.handler)
        writer.submit([.upsertSession(id: "a", meta: []), .upsertSession(id: "b", meta: [])])
        // Interleaved, one change of each session per group, as a server's sessions are.
        for revision in Int64(1)...7 {
            writer.submit([.append(Fixture.change("a", revision)), .append(Fixture.change("b", revision))])
            writer.flush()
            if revision == 4 {
                writer.submit([.snapshot(session: "a", snapshot: StoredSnapshot(revision: 4, body: Fixture.bytes("a at 4")))])
            }
        }
        writer.flush()
        #expect(recorder.failures.isEmpty)
        // 14 changes: folded at 6 (5 reached) and at 12, two left waiting.
        #expect(try Fixture.changes(in: "changes", of: folder) == 12)
        #expect(try Fixture.changes(in: "recent_changes", of: folder) == 2)

        let sessions = try store.loadAll()
        #expect(sessions.map(\.id) == ["a", "b"])
        #expect(sessions[0].changes == (5...7).map { Fixture.change("a", $0) }, "a's changes after its snapshot")
        #expect(sessions[1].changes == (1...7).map { Fixture.change("b", $0) })
        #expect(try store.changes(session: "a", from: 3, through: 7) == (3...7).map { Fixture.change("a", $0) })

        // A revision the session has reached, folded or not, is refused.
        let folded = writer.submit([.append(Fixture.change("b", 2))])
        let waiting = writer.submit([.append(Fixture.change("b", 7))])
        let next = writer.submit([.append(Fixture.change("b", 8))])
        writer.flush()
        #expect(
            recorder.failures.map(\.error) == [
                .duplicateRevision(path: folder.databasePath, session: "b", revision: 2),
                .duplicateRevision(path: folder.databasePath, session: "b", revision: 7),
            ])
        #expect(recorder.outcome(of: next)?.isSuccess == true && folded < next && waiting < next)
        store.close()

        // After a restart the writer reads each session's highest revision from both tables.
        let reopened = try SQLiteStore.open(directory: folder.path, options: options)
        let again = CommitRecorder()
        let writer2 = try reopened.startWriter(onCommit: again.handler)
        writer2.submit([.append(Fixture.change("b", 8))])
        writer2.submit([.append(Fixture.change("b", 9)), .append(Fixture.change("a", 8))])
        writer2.flush()
        #expect(again.failures.map(\.error) == [.duplicateRevision(path: folder.databasePath, session: "b", revision: 8)])
        #expect(try reopened.loadAll().map(\.revision) == [8, 9])
        reopened.close()
    }

    @Test func aFoldMovesTheBusiestSessionsAndLeavesTheRestWaiting() throws {
        let folder = TemporaryFolder()
        var options = StoreOptions()
        options.changesPerFold = 45
        let store = try SQLiteStore.open(directory: folder.path, options: options)
        let recorder = CommitRecorder()
        let writer = try store.startWriter(onCommit: recorder.handler)
        let quiet = (1...40).map { "quiet-\($0)" }
        writer.submit([.upsertSession(id: "busy", meta: [])] + quiet.map { .upsertSession(id: $0, meta: []) })
        writer.submit(Fixture.appends("busy", 1...8))
        writer.flush()
        // 48 waiting: the busiest 32 sessions (busy and 31 quiet ones) hold 39, more than a quarter.
        writer.submit(quiet.map { .append(Fixture.change($0, 1)) })
        writer.flush()
        #expect(recorder.failures.isEmpty)
        #expect(try Fixture.changes(in: "changes", of: folder) == 8 + 31)
        #expect(try Fixture.changes(in: "recent_changes", of: folder) == 9)
        let sessions = try store.loadAll()
        #expect(sessions.count == 41)
        #expect(sessions.allSatisfy { $0.changes.map(\.revision) == ($0.id == "busy" ? Array(1...8) : [1]) })
        #expect(try store.changes(session: "busy", from: 1, through: 8) == (1...8).map { Fixture.change("busy", $0) })
        store.close()
    }

    /// A file of schema version 1 has its log in `changes` only: it is migrated, restored whole,
    /// and its log continues where it ended.
    @Test func aVersionOneFileKeepsItsLog() throws {
        let folder = TemporaryFolder()
        do {
            let connection = try SQLiteConnection(path: folder.databasePath)
            try SchemaMigrator(migrations: [SQLiteSchema.migrations[0]]).migrate(connection, path: folder.databasePath)
            try connection.execute(
                """
                INSERT INTO sessions (id, meta, updated_at) VALUES ('old', x'', 1);
                INSERT INTO changes (session, revision, at, body) VALUES ('old', 1, 1, x'01'), ('old', 2, 2, x'02');
                """)
            #expect(try connection.integer("PRAGMA user_version") == 1)
        }
        let store = try SQLiteStore.open(directory: folder.path)
        let old = try #require(try store.loadAll().first)
        #expect(
            old.changes == [
                StoredChange(session: "old", revision: 1, at: 1, body: [1]),
                StoredChange(session: "old", revision: 2, at: 2, body: [2]),
            ])
        let recorder = CommitRecorder()
        let writer = try store.startWriter(onCommit: recorder.handler)
        writer.submit([.append(StoredChange(session: "old", revision: 2, at: 3, body: [9]))])
        writer.submit([.append(StoredChange(session: "old", revision: 3, at: 3, body: [3]))])
        writer.flush()
        #expect(recorder.failures.map(\.error) == [.duplicateRevision(path: folder.databasePath, session: "old", revision: 2)])
        #expect(try store.changes(session: "old", from: 1, through: 3).map(\.body) == [[1], [2], [3]])
        store.close()
        #expect(
            try SQLiteConnection(path: folder.databasePath).integer("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
    }
}
