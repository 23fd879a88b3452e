import Foundation
import Glibc
import SQLiteStorage
import TestSupport
import Testing

@testable import SQLiteStorage

/// Every way a database can be unusable at start gives one sentence naming the file and the
/// remedy; each test prints the sentence it checks.
@Suite("Storage open checks: bad input named in one sentence")
struct OpenCheckTests {
    /// A closed database of `changes` changes of 1 KiB, about a page each.
    static func makeDatabase(in folder: TemporaryFolder, changes: Int64 = 200) throws {
        let store = try SQLiteStore.open(directory: folder.path)
        let writer = try store.startWriter(onCommit: CommitRecorder().handler)
        writer.submit([.upsertSession(id: "s", meta: [])] + (1...changes).map { .append(Fixture.change("s", $0, size: 1024)) })
        store.close()
    }

    /// Opens and expects `expected`, printing what was actually said.
    static func expectRefusal(_ folder: TemporaryFolder, _ expected: StorageError) {
        do {
            _ = try SQLiteStore.open(directory: folder.path)
            Issue.record("opened, expected: \(expected)")
        } catch {
            print(error)
            #expect(error == expected)
        }
    }

    /// Opens through the child process, as `nobody` when the tests run as root, since root
    /// ignores permission bits; returns the line it printed.
    static func openAsUnprivilegedUser(_ path: String) throws -> String? {
        let asUser = TestChild.isRoot ? ["--as-user", TestChild.unprivilegedUserID] : []
        let (status, line) = try TestChild.run(["open", path] + asUser)
        print(line ?? "(nothing)", "— as \(TestChild.isRoot ? "nobody (the tests run as root)" : "this user")")
        #expect(status == 1)
        return line
    }

    static func overwrite(_ path: String, at offset: UInt64, with bytes: [UInt8]) throws {
        let file = try #require(FileHandle(forUpdatingAtPath: path))
        try file.seek(toOffset: offset)
        try file.write(contentsOf: Data(bytes))
        try file.close()
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255) }
    }

    @Test func randomBytesOverTheHeaderMeanNotADatabase() throws {
        let folder = TemporaryFolder()
        try Self.makeDatabase(in: folder)
        // The first byte is what "SQLite format 3" starts with no longer.
        try Self.overwrite(folder.databasePath, at: 0, with: [0] + Self.randomBytes(99))
        Self.expectRefusal(folder, .notADatabase(path: folder.databasePath, reason: "file is not a database"))
        #expect(
            StorageError.notADatabase(path: "/d/f", reason: "file is not a database").description
                == "The file /d/f is not a FocusSync database (file is not a database); move it and its -wal file, if any, aside to start empty, or choose another data folder."
        )
    }

    @Test func randomBytesOverItsPagesMeanDamaged() throws {
        let folder = TemporaryFolder()
        try Self.makeDatabase(in: folder)
        try Self.overwrite(folder.databasePath, at: 4096 * 2, with: Self.randomBytes(4096 * 20))
        try Self.expectDamaged(folder)
    }

    @Test func aTruncatedFileMeansDamaged() throws {
        let folder = TemporaryFolder()
        try Self.makeDatabase(in: folder)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: folder.databasePath)[.size] as? Int)
        #expect(truncate(folder.databasePath, off_t(size / 2)) == 0)
        try Self.expectDamaged(folder)
    }

    /// SQLite's own words for the damage vary with what was hit; the rest of the sentence does not.
    static func expectDamaged(_ folder: TemporaryFolder) throws {
        do {
            _ = try SQLiteStore.open(directory: folder.path)
            Issue.record("a damaged database opened")
        } catch {
            print(error)
            guard case .damaged(let path, let reason) = error else {
                Issue.record("expected damaged, got: \(error)")
                return
            }
            #expect(path == folder.databasePath)
            #expect(!reason.isEmpty && !reason.contains("\n"))
            #expect(error.description.hasPrefix("The database \(folder.databasePath) is damaged ("))
            #expect(
                error.description.hasSuffix("); move it and its -wal file, if any, aside to start empty, or restore a backup."))
        }
    }

    @Test func anUnreadableFileIsNamed() throws {
        let folder = TemporaryFolder()
        try Self.makeDatabase(in: folder)
        chmod(folder.path, 0o777)  // only the file is out of reach
        chmod(folder.databasePath, 0o000)
        let line = try Self.openAsUnprivilegedUser(folder.databasePath)
        #expect(line == StorageError.noAccess(path: folder.databasePath, reason: "Permission denied").description)
        #expect(
            line
                == "The database \(folder.databasePath) cannot be opened for reading and writing (Permission denied); give the user running FocusSync read and write permission on it, or restore a backup."
        )
    }

    @Test func aFolderWithoutWritePermissionIsNamed() throws {
        let folder = TemporaryFolder()
        chmod(folder.path, 0o555)
        let line = try Self.openAsUnprivilegedUser(folder.databasePath)
        #expect(
            line
                == "The data folder \(folder.path) is not writable (Permission denied); give the user running FocusSync write permission on it, or choose another data folder."
        )
        #expect(!FileManager.default.fileExists(atPath: folder.databasePath))
    }

    @Test func aFolderCreatedWhereItIsMissingButNotUnderAFile() throws {
        let folder = TemporaryFolder()
        let nested = folder.file("a/b/c")
        let store = try SQLiteStore.open(directory: nested)
        #expect(store.path == nested + "/focus-sync.sqlite3")
        store.close()
        #expect(FileManager.default.createFile(atPath: folder.file("plain"), contents: Data("x".utf8)))
        do {
            _ = try SQLiteStore.open(directory: folder.file("plain/data"))
            Issue.record("opened under a file")
        } catch {
            print(error)
            #expect(
                error.description
                    == "The data folder \(folder.file("plain")) cannot be created (a file of that name is in the way); create it yourself, or choose another data folder."
            )
        }
    }

    @Test func aFolderWhereTheFileShouldBeIsNamed() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.databasePath, withIntermediateDirectories: false)
        Self.expectRefusal(folder, .folderInPlaceOfDatabase(path: folder.databasePath))
        #expect(
            StorageError.folderInPlaceOfDatabase(path: "/d/f").description
                == "/d/f is a folder where the database file should be; move it aside, or choose another data folder.")
    }

    @Test func aDatabaseFromANewerVersionIsRefused() throws {
        let folder = TemporaryFolder()
        try Self.makeDatabase(in: folder, changes: 1)
        try SQLiteConnection(path: folder.databasePath).execute("PRAGMA user_version = 99")
        Self.expectRefusal(folder, .newerSchema(path: folder.databasePath, found: 99, supported: SQLiteSchema.currentVersion))
        #expect(
            StorageError.newerSchema(path: "/d/f", found: 99, supported: 1).description
                == "The database /d/f was written by a newer FocusSync (schema version 99; this one reads up to 1); run the newer FocusSync, or move it and its -wal file, if any, aside to start empty."
        )
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        let folder = TemporaryFolder()
        try SQLiteConnection(path: folder.databasePath).execute("CREATE TABLE recipes (name TEXT)")
        Self.expectRefusal(
            folder, .notADatabase(path: folder.databasePath, reason: "it holds tables of another program and no schema version"))
    }

    @Test func aDatabaseOpenInAnotherStoreIsInUse() throws {
        let folder = TemporaryFolder()
        let first = try SQLiteStore.open(directory: folder.path)
        Self.expectRefusal(folder, .inUse(path: folder.databasePath))
        #expect(
            StorageError.inUse(path: "/d/f").description
                == "The database /d/f is in use by another FocusSync process; stop that process, or choose another data folder.")
        first.close()
        try SQLiteStore.open(directory: folder.path).close()
    }

    @Test func aHealthyDatabasePassesTheIntegrityCheck() throws {
        let folder = TemporaryFolder()
        try Self.makeDatabase(in: folder)
        let store = try SQLiteStore.open(directory: folder.path)
        #expect(store.integrityCheck == .passed)
        #expect(try store.loadAll().first?.changes.count == 200)
    }

    /// The bound on the integrity check: a statement that would run for minutes is interrupted
    /// once the limit has passed (the check itself is too quick to be cut short reliably here).
    @Test func theWatchdogInterruptsAStatementThatRunsPastItsLimit() throws {
        let folder = TemporaryFolder()
        let connection = try SQLiteConnection(path: folder.databasePath)
        let watchdog = StatementWatchdog(connection, after: .milliseconds(50))
        defer { watchdog.disarm() }
        let started = ContinuousClock.now
        let failure = #expect(throws: SQLiteFailure.self) {
            try connection.integer("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
        }
        #expect(failure?.message == "interrupted")
        print("interrupted after", ContinuousClock.now - started)
        // Disarmed, it leaves later statements alone.
        #expect(try connection.integer("SELECT 42") == 42)
    }
}
