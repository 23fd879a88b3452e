import Foundation
import Glibc
import TestSupport
import Testing

@testable import SQLiteStorage

/// A full disk two ways: SQLite's page limit (`PRAGMA max_page_count`, which fails writes with
/// the SQLITE_FULL a full disk gives) everywhere, and a real 1 MiB tmpfs filled to the brim
/// (the kernel's ENOSPC) where the tests may mount one.
@Suite("Storage full disk: reported, never crashes, recovers")
struct FullDiskTests {
    @Test func aFullDiskFailsTheGroupInASentenceAndTheWriterRecoversWhenSpaceReturns() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let recorder = CommitRecorder()
        let writer = try store.startWriter(onCommit: recorder.handler)
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...10))
        writer.flush()
        #expect(writer.isHealthy)

        writer.limitGrowth(toPages: 0)
        let tooBig = writer.submit((11...60).map { .append(Fixture.change("s", $0, size: 4096)) })
        writer.flush()
        let expected = StorageError.diskFull(path: folder.databasePath, reason: "database or disk is full")
        print(expected)
        #expect(recorder.all.last?.through == tooBig)
        #expect(recorder.failures.map(\.error) == [expected])
        #expect(
            expected.description
                == "The disk holding the database \(folder.databasePath) is full (database or disk is full); free some space on it."
        )
        #expect(!writer.isHealthy)
        #expect(writer.lastFailure == expected)
        // Nothing of the failed group was stored.
        #expect(try store.changes(session: "s", from: 0, through: 100).map(\.revision) == Array(1...10))

        // Space returns: the writer is still running, and the caller's retry of the same writes commits.
        writer.limitGrowth(toPages: nil)
        let retry = writer.submit((11...60).map { .append(Fixture.change("s", $0, size: 4096)) })
        writer.flush()
        #expect(recorder.outcome(of: retry)?.isSuccess == true)
        #expect(writer.isHealthy)
        #expect(writer.lastFailure == nil)
        #expect(try store.changes(session: "s", from: 0, through: 100).map(\.revision) == Array(1...60))
        store.close()
        // And it is all there after a reopen.
        #expect(try SQLiteStore.open(directory: folder.path).loadAll().first?.revision == 60)
    }

    @Test(.enabled(if: TinyFileSystem.canMount, "needs root allowed to mount a tmpfs"))
    func aRealFullFileSystemIsReportedAndRecoveredFromTheSameWay() throws {
        let disk = try #require(TinyFileSystem())
        let store = try SQLiteStore.open(directory: disk.path)
        defer { store.close() }
        let recorder = CommitRecorder()
        let writer = try store.startWriter(onCommit: recorder.handler)
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...10))
        writer.flush()

        let filler = disk.fill()
        writer.submit((11...60).map { .append(Fixture.change("s", $0, size: 4096)) })
        writer.flush()
        let path = disk.path + "/focus-sync.sqlite3"
        print(recorder.failures.map(\.error.description))
        #expect(recorder.failures.map(\.error) == [.diskFull(path: path, reason: "database or disk is full")])
        #expect(!writer.isHealthy)

        #expect(unlink(filler) == 0)
        let retry = writer.submit((11...60).map { .append(Fixture.change("s", $0, size: 4096)) })
        writer.flush()
        #expect(recorder.outcome(of: retry)?.isSuccess == true)
        #expect(writer.isHealthy)
        #expect(try store.changes(session: "s", from: 0, through: 100).map(\.revision) == Array(1...60))
    }
}
