import TestSupport
import Testing

@testable import SQLiteStorage

/// A group writes one row per session (``ChangeBundle``): a busy session's row straight into
/// `changes`, the others into `recent_changes`, and every read still sees one change at a time.
@Suite("Storage change bundles: one row per session and group")
struct ChangeBundleTests {
    @Test func aBundleDecodesToWhatWasEncodedAndACutOneDoesNot() {
        let changes = [Fixture.change("s", 4), Fixture.change("s", 5, size: 0), Fixture.change("s", 9, size: 3)]
        let bytes = ChangeBundle.encode(changes[...])
        #expect(ChangeBundle.decode(bytes, session: "s") == changes)
        #expect(ChangeBundle.decode(Array(bytes.dropLast()), session: "s") == nil)
        #expect(ChangeBundle.decode([], session: "s") == [])
    }

    @Test func aGroupWritesOneRowPerSessionAndEveryReadSeesEachChange() throws {
        let folder = TemporaryFolder()
        let (store, writer, recorder) = try StartedWriter(folder).parts
        writer.submit(["busy", "few", "one"].map { .upsertSession(id: $0, meta: []) })
        writer.flush()
        // One group: busy's changes interleaved with the others', as a server's sessions are.
        var writes = Fixture.appends("busy", 1...3) + Fixture.appends("few", 1...3) + Fixture.appends("one", 1...1)
        writes += Fixture.appends("busy", 4...Int64(ChangeLog.bundleStraightToChanges))
        writer.submit(writes)
        writer.flush()
        #expect(recorder.failures.isEmpty)
        // 16 changes of 220 bytes in a bundle: cut into rows that fit a leaf page, four each.
        #expect(try Fixture.rows("changes", in: folder) == 4, "busy's changes, straight into changes")
        #expect(try Fixture.rows("recent_changes", in: folder) == 2, "few's bundle and one's single change")

        // A later group of busy lands in recent_changes while its earlier changes sit in changes.
        writer.submit(Fixture.appends("busy", 17...18))
        writer.submit([.snapshot(session: "busy", snapshot: StoredSnapshot(revision: 10, body: Fixture.bytes("at 10")))])
        writer.flush()
        let sessions = try store.loadAll()
        #expect(sessions.map(\.id) == ["busy", "few", "one"])
        #expect(sessions[0].changes == (11...18).map { Fixture.change("busy", $0) }, "after the snapshot, inside the bundle")
        #expect(sessions[1].changes == (1...3).map { Fixture.change("few", $0) })
        #expect(sessions[2].changes == [Fixture.change("one", 1)])
        #expect(try store.changes(session: "busy", from: 5, through: 7) == (5...7).map { Fixture.change("busy", $0) })
        #expect(try store.changes(session: "busy", from: 15, through: 17) == (15...17).map { Fixture.change("busy", $0) })
        #expect(try store.changes(session: "few", from: 3, through: 9) == [Fixture.change("few", 3)])
    }

    /// A bundle for `changes` fits its leaf page or is long: one in between is cut into rows
    /// that fit (the overflow pages of a row a little over the leaf are mostly empty).
    @Test(arguments: [(body: 0, rows: 1), (body: 200, rows: 4), (body: 1_100, rows: 1)])
    func aBundleForChangesFitsTheLeafOrIsLong(body: Int, rows: Int64) throws {
        let folder = TemporaryFolder()
        let (store, writer, _) = try StartedWriter(folder).parts
        let changes = (Int64(1)...16).map { Fixture.change("s", $0, size: body) }
        writer.submit([.upsertSession(id: "s", meta: [])] + changes.map { .append($0) })
        writer.flush()
        #expect(try Fixture.rows("changes", in: folder) == rows)
        #expect(try Fixture.changes(in: "changes", of: folder) == 16)
        #expect(try store.loadAll().first?.changes == changes)
        #expect(try store.changes(session: "s", from: 4, through: 13) == Array(changes[3..<13]))
    }

    /// A straight bundle of later revisions can be in `changes` while earlier ones of the same
    /// session still wait in `recent_changes`: reads put them in revision order.
    @Test func earlierChangesWaitingBehindALaterBundleAreReadFirst() throws {
        let folder = TemporaryFolder()
        let (store, writer, _) = try StartedWriter(folder).parts
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...2))
        writer.flush()
        writer.submit(Fixture.appends("s", 3...40))
        writer.flush()
        #expect(try Fixture.changes(in: "recent_changes", of: folder) == 2)
        #expect(try store.loadAll().first?.changes == (1...40).map { Fixture.change("s", $0) })
        #expect(try store.changes(session: "s", from: 1, through: 4).map(\.revision) == [1, 2, 3, 4])
    }

    /// Changes are written when the group finishes, so a change to a session deleted earlier in
    /// the same group is refused when appended, alone, and one before the deletion goes with it.
    @Test func aChangeAfterItsSessionWasDeletedInTheSameGroupIsRefusedAlone() throws {
        let folder = TemporaryFolder()
        let (store, writer, recorder) = try StartedWriter(folder).parts
        writer.submit([.upsertSession(id: "s", meta: []), .upsertSession(id: "kept", meta: [])])
        writer.flush()
        writer.submit(Fixture.appends("s", 1...2), wakingWriter: false)
        writer.submit([.deleteSession(id: "s")], wakingWriter: false)
        let late = writer.submit(Fixture.appends("s", 3...3), wakingWriter: false)
        writer.submit(Fixture.appends("kept", 1...2), wakingWriter: false)
        writer.flush()
        #expect(recorder.failures.map(\.through) == [late])
        #expect(recorder.failures.map(\.error) == [.unknownSession(path: folder.databasePath, session: "s")])
        #expect(try store.loadAll().map(\.id) == ["kept"])
        #expect(try store.loadAll().first?.changes == (1...2).map { Fixture.change("kept", $0) })
        #expect(try Fixture.changes(in: "recent_changes", of: folder) == 2, "nothing of s is left")
    }

    @Test func aFoldMovesEachSessionsWaitingRowsAsOneRow() throws {
        let folder = TemporaryFolder()
        let (store, writer, recorder) = try StartedWriter(folder, options: Fixture.folding(every: 8)).parts
        writer.submit([.upsertSession(id: "a", meta: []), .upsertSession(id: "b", meta: [])])
        for revision in Int64(1)...4 {
            writer.submit([.append(Fixture.change("a", revision)), .append(Fixture.change("b", revision))])
            writer.flush()
        }
        #expect(recorder.failures.isEmpty)
        #expect(try Fixture.rows("recent_changes", in: folder) == 0)
        #expect(try Fixture.rows("changes", in: folder) == 2, "eight single rows folded into one row per session")
        #expect(try store.loadAll().map(\.changes) == ["a", "b"].map { id in (1...4).map { Fixture.change(id, $0) } })
    }

    /// A busy group goes straight into `changes` while earlier changes of its session wait; a
    /// later fold must not merge those with later ones across it, or the rows would overlap and
    /// reads that seek a revision would miss what follows it.
    @Test func aFoldDoesNotMergeWaitingRowsAcrossAStraightBundle() throws {
        let folder = TemporaryFolder()
        let (store, writer, recorder) = try StartedWriter(folder, options: Fixture.folding(every: 3)).parts
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...2))
        writer.flush()
        writer.submit(Fixture.appends("s", 3...18))
        writer.flush()
        writer.submit(Fixture.appends("s", 19...19))
        writer.submit([.snapshot(session: "s", snapshot: StoredSnapshot(revision: 10, body: Fixture.bytes("at 10")))])
        writer.flush()
        #expect(recorder.failures.isEmpty)
        #expect(try Fixture.rows("recent_changes", in: folder) == 0, "folded")
        #expect(try store.loadAll().first?.changes == (11...19).map { Fixture.change("s", $0) })
        #expect(try store.changes(session: "s", from: 1, through: 19) == (1...19).map { Fixture.change("s", $0) })
        #expect(try store.changes(session: "s", from: 19, through: 19) == [Fixture.change("s", 19)])
        #expect(try store.changes(session: "s", from: 19, through: 1).isEmpty)
        writer.close()
        // A writer started afresh reads the session's highest revision from the rows.
        let again = try store.startWriter(onCommit: recorder.handler)
        let duplicate = again.submit(Fixture.appends("s", 19...19))
        again.flush()
        #expect(recorder.failures.map(\.through) == [duplicate])
        again.close()
    }

    /// A waiting row whose bundle does not decode is moved as it is: its bytes stay for the reader
    /// to report, and the session's other rows move beside it.
    @Test func aFoldMovesARowThatDoesNotDecodeAsItIs() throws {
        let folder = TemporaryFolder()
        let (store, writer, _) = try StartedWriter(folder, options: Fixture.folding(every: 6)).parts
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...3))
        writer.flush()
        try SQLiteConnection(path: folder.databasePath).execute("UPDATE recent_changes SET body = x'0102'")
        writer.submit(Fixture.appends("s", 4...6))
        writer.flush()
        #expect(try Fixture.rows("recent_changes", in: folder) == 0)
        #expect(try Fixture.rows("changes", in: folder) == 2)
        #expect(try SQLiteConnection(path: folder.databasePath).integer("SELECT count(*) FROM changes WHERE body = x'0102'") == 1)
        #expect(throws: StorageError.self) { try store.loadAll() }
    }

    @Test func aBundleThatDoesNotDecodeIsReportedDamaged() throws {
        let folder = TemporaryFolder()
        let (store, writer, _) = try StartedWriter(folder).parts
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...3))
        writer.close()
        try SQLiteConnection(path: folder.databasePath).execute("UPDATE recent_changes SET body = x'0102'")
        let damaged = StorageError.damaged(
            path: folder.databasePath, reason: "a stored bundle of changes of session s does not decode")
        #expect(throws: damaged) { try store.loadAll() }
        #expect(throws: damaged) { try store.changes(session: "s", from: 1, through: 3) }
    }
}
