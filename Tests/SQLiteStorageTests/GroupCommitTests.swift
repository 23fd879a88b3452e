import Foundation
import Locking
import SQLiteStorage
import TestSupport
import Testing

@Suite("Storage writer: group commit, ticket order, threads")
struct GroupCommitTests {
    @Test func everythingQueuedDuringACommitIsStoredInOneTransaction() throws {
        let folder = TemporaryFolder()
        let held = try HeldWriter(folder, first: [.upsertSession(id: "s", meta: [])])
        let (store, writer, recorder) = (held.store, held.writer, held.recorder)
        var tickets: [StorageTicket] = []
        for revision in Int64(1)...999 {
            tickets.append(writer.submit([.append(Fixture.change("s", revision))]))
        }
        held.release()
        writer.flush()
        #expect(tickets == (2...1000).map { StorageTicket(UInt64($0)) })
        #expect(writer.commitCount == 2)
        #expect(recorder.all.map(\.through) == [StorageTicket(1), StorageTicket(1000)])
        #expect(recorder.failures.isEmpty)
        #expect(try store.changes(session: "s", from: 1, through: 999).count == 999)
    }

    @Test func aLongBacklogCommitsInTransactionsOfBoundedSize() throws {
        let folder = TemporaryFolder()
        var options = StoreOptions()
        options.maximumWritesPerCommit = 100
        let held = try HeldWriter(folder, options: options, first: [.upsertSession(id: "s", meta: [])])
        let (writer, recorder) = (held.writer, held.recorder)
        for first in stride(from: Int64(1), through: 1000, by: 10) {
            writer.submit(Fixture.appends("s", first...(first + 9)))  // 100 submissions of 10 writes
        }
        held.release()
        writer.flush()
        #expect(writer.commitCount == 1 + 10)
        let groupEnds: [UInt64] = [1, 11, 21, 31, 41, 51, 61, 71, 81, 91, 101]
        #expect(recorder.all.map(\.through.number) == groupEnds)
    }

    @Test func commitReportsComeInTicketOrderOnTheWriterThread() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let recorder = CommitRecorder()
        let writer = try store.startWriter(onCommit: recorder.handler)
        writer.submit([.upsertSession(id: "s", meta: [])])
        var last = StorageTicket(0)
        for revision in Int64(1)...500 {
            let ticket = writer.submit([.append(Fixture.change("s", revision))])
            #expect(ticket > last)
            last = ticket
        }
        writer.flush()
        let reports = recorder.all
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.through < $1.through })
        #expect(reports.last?.through == last)
        // One thread of the writer's own: not the main thread, nor this one.
        #expect(Set(reports.map(\.thread)).count == 1)
        #expect(reports.allSatisfy { !$0.onMainThread && $0.thread != ObjectIdentifier(Thread.current) })
        #expect(writer.commitCount == reports.count)
        #expect(writer.isHealthy)
    }

    @Test func writesFromSeveralThreadsAllArriveWithUniqueTickets() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let recorder = CommitRecorder()
        let writer = try store.startWriter(onCommit: recorder.handler)
        let threads = 8
        let perThread = 250
        writer.submit((0..<threads).map { .upsertSession(id: "s\($0)", meta: []) })
        let tickets = Locked<[StorageTicket]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for revision in 1...perThread {
                let ticket = writer.submit([.append(Fixture.change("s\(thread)", Int64(revision)))])
                tickets.withLock { $0.append(ticket) }
            }
        }
        writer.flush()
        let issued = tickets.withLock { $0 }
        #expect(Set(issued).count == threads * perThread)
        #expect(recorder.all.last?.through == StorageTicket(UInt64(threads * perThread + 1)))
        #expect(recorder.failures.isEmpty)
        let sessions = try store.loadAll()
        #expect(sessions.count == threads)
        for session in sessions {
            #expect(session.changes.map(\.revision) == (1...perThread).map { Int64($0) })
        }
    }

    /// The duplicate lands in the middle of one group: it alone is refused, and its writes
    /// (including the valid append next to it) are rolled back; its neighbours commit.
    @Test func aDuplicateRevisionIsRefusedAloneAndTheRestOfItsGroupCommits() throws {
        let folder = TemporaryFolder()
        let held = try HeldWriter(folder, first: [.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...3))
        let (store, writer, recorder) = (held.store, held.writer, held.recorder)
        let before = writer.submit(Fixture.appends("s", 4...4))
        let duplicate = writer.submit([.append(Fixture.change("s", 5)), .append(Fixture.change("s", 2, size: 10))])
        let after = writer.submit(Fixture.appends("s", 5...6))
        held.release()
        writer.flush()
        let expected = StorageError.duplicateRevision(path: folder.databasePath, session: "s", revision: 2)
        print(expected)
        #expect(recorder.all.map(\.through) == [StorageTicket(1), before, duplicate, after])
        #expect(recorder.failures.map(\.error) == [expected])
        #expect(recorder.outcome(of: before)?.isSuccess == true && recorder.outcome(of: after)?.isSuccess == true)
        #expect(
            expected.description
                == "The database \(folder.databasePath) already holds revision 2 of session s; a revision is stored once, so this submission was not stored."
        )
        #expect(try store.changes(session: "s", from: 0, through: 10) == (1...6).map { Fixture.change("s", $0) })
        #expect(writer.isHealthy)
        #expect(writer.commitCount == 2)
    }

    @Test func writesForASessionThatWasNeverStoredAreRefused() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let recorder = CommitRecorder()
        let writer = try store.startWriter(onCommit: recorder.handler)
        let orphans: [StorageWrite] = [
            .append(Fixture.change("ghost", 1)),
            .snapshot(session: "ghost", snapshot: StoredSnapshot(revision: 1, body: [])),
            .upsertMember(session: "ghost", client: "c", body: []),
        ]
        for write in orphans { writer.submit([write]) }
        writer.flush()
        let expected = StorageError.unknownSession(path: folder.databasePath, session: "ghost")
        print(expected)
        #expect(recorder.failures.map(\.error) == [expected, expected, expected])
        #expect(
            expected.description
                == "The database \(folder.databasePath) holds no session ghost; store the session (upsertSession) before its changes, snapshots and members."
        )
        #expect(try store.loadAll().isEmpty)
    }

    @Test func submissionsAfterCloseAreReportedNotStored() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let recorder = CommitRecorder()
        let writer = try store.startWriter(onCommit: recorder.handler)
        writer.submit([.upsertSession(id: "s", meta: [])] + Fixture.appends("s", 1...100))
        writer.close()  // commits what was submitted first
        let late = writer.submit(Fixture.appends("s", 101...101))
        writer.flush()
        writer.close()
        #expect(recorder.all.map(\.through) == [StorageTicket(1), late])
        #expect(recorder.failures.map(\.error) == [.closed(path: folder.databasePath)])
        #expect(try store.changes(session: "s", from: 0, through: 1000).count == 100)
    }

    /// The writer thread cannot wait for itself: flush and close from `onCommit` return at once,
    /// and the close still takes effect once the thread finishes its report.
    @Test func flushAndCloseFromOnCommitDoNotWaitForThemselves() throws {
        let folder = TemporaryFolder()
        let store = try SQLiteStore.open(directory: folder.path)
        let writerBox = Locked<StorageWriter?>(nil)
        let recorder = CommitRecorder { _ in
            let writer = writerBox.withLock { $0 }
            writer?.flush()
            writer?.close()
        }
        let writer = try store.startWriter(onCommit: recorder.handler)
        writerBox.withLock { $0 = writer }
        writer.submit([.upsertSession(id: "s", meta: [])])
        writer.close()
        let late = writer.submit([.deleteSession(id: "s")])
        #expect(recorder.all.map(\.through) == [StorageTicket(1), late])
        #expect(recorder.failures.map(\.error) == [.closed(path: folder.databasePath)])
        #expect(try store.loadAll().map(\.id) == ["s"])
    }
}
