import Foundation
import TestSupport
import Testing

@testable import SQLiteStorage

@Suite("Storage schema: numbered versions, migrated forward")
struct MigrationTests {
    /// Version 0: an SQLite file without FocusSync's tables (made by hand, as a build before the
    /// schema existed would have left it) is brought to the current version and works.
    @Test func aVersionZeroFileIsMigratedToTheCurrentSchema() throws {
        let folder = TemporaryFolder()
        do {
            let handMade = try SQLiteConnection(path: folder.databasePath)
            try handMade.execute("CREATE TABLE scratch (x); DROP TABLE scratch;")  // a real file, still empty
            #expect(try handMade.integer("PRAGMA user_version") == 0)
        }
        let store = try SQLiteStore.open(directory: folder.path)
        let writer = try store.startWriter(onCommit: CommitRecorder().handler)
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...3))
        writer.flush()
        #expect(try store.loadAll().first?.revision == 3)
        store.close()
        #expect(
            try SQLiteConnection(path: folder.databasePath).integer("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
    }

    /// The runner itself, with made-up later versions: a file at version 1 with data runs the
    /// steps after 1 in order, keeps its data, and ends at the last version.
    @Test func laterStepsRunInOrderAndKeepTheData() throws {
        let folder = TemporaryFolder()
        try OpenCheckTests.makeDatabase(in: folder, changes: 5)
        let connection = try SQLiteConnection(path: folder.databasePath)
        let next = SQLiteSchema.currentVersion + 1
        let migrator = SchemaMigrator(
            migrations: SQLiteSchema.migrations + [
                Migration(version: next, sql: "ALTER TABLE sessions ADD COLUMN title TEXT NOT NULL DEFAULT 'untitled'"),
                Migration(version: next + 1, sql: "UPDATE sessions SET title = 'later saw ' || title"),
            ])
        try migrator.checkVersion(on: connection, path: folder.databasePath)
        try migrator.migrate(connection, path: folder.databasePath)
        #expect(try connection.integer("PRAGMA user_version") == Int64(next + 1))
        #expect(try connection.texts("SELECT title FROM sessions") == ["later saw untitled"])
        let stored = try ["changes", "recent_changes"].map { try connection.integer(Fixture.countingChanges(in: $0)) ?? 0 }
        #expect(stored.reduce(0, +) == 5)
    }

    /// A failing step is rolled back whole; the steps before it stay, and the sentence says where
    /// the file stopped.
    @Test func aFailingStepStopsAtTheVersionBeforeIt() throws {
        let folder = TemporaryFolder()
        try OpenCheckTests.makeDatabase(in: folder, changes: 1)
        let connection = try SQLiteConnection(path: folder.databasePath)
        let next = SQLiteSchema.currentVersion + 1
        let migrator = SchemaMigrator(
            migrations: SQLiteSchema.migrations + [
                Migration(version: next, sql: "CREATE TABLE notes (text TEXT)"),
                Migration(version: next + 1, sql: "CREATE TABLE tags (name TEXT); CREATE TABLE sessions (id TEXT)"),
            ])
        do {
            try migrator.migrate(connection, path: folder.databasePath)
            Issue.record("the failing step passed")
        } catch {
            print(error)
            #expect(
                error
                    == .migrationFailed(
                        path: folder.databasePath, from: next, to: next + 1, reason: "table sessions already exists"))
            #expect(
                error.description
                    == "The database \(folder.databasePath) could not be upgraded from schema version \(next) to \(next + 1) (table sessions already exists); restore a backup, or move it and its -wal file, if any, aside to start empty."
            )
        }
        #expect(try connection.integer("PRAGMA user_version") == Int64(next))
        #expect(try connection.texts("SELECT name FROM sqlite_schema WHERE name IN ('notes', 'tags') ORDER BY name") == ["notes"])
    }
}
