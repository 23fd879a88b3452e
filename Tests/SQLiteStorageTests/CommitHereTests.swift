import Foundation
import TestSupport
import Testing

@testable import SQLiteStorage

/// A caller may make what it queued durable on its own thread (``StorageWriter/commitQueuedHere(upTo:)``),
/// in the pending log, when that costs no wait for the disk; the writer thread applies it to the
/// database and keeps everything that may stall.
@Suite("Storage writer: small groups committed on the caller's thread")
struct CommitHereTests {
    @Test func smallQueuesCommitAndAreReportedOnTheCallersThread() throws {
        let folder = TemporaryFolder()
        let (store, writer, recorder) = try StartedWriter(folder).parts
        writer.submit([.upsertSession(id: "s", meta: [])], wakingWriter: false)
        var committedHere = 0
        for first in stride(from: Int64(1), through: 58, by: 3) {
            let ticket = writer.submit(Fixture.appends("s", first...(first + 2)), wakingWriter: false)
            // The writer thread, just started, may find the first queue before it is woken.
            guard writer.commitQueuedHere(upTo: 4) else {
                writer.flush()
                continue
            }
            committedHere += 1
            // Reported before it returned, here, as one group.
            let report = try #require(recorder.all.last)
            #expect(report.through == ticket && report.thread == ObjectIdentifier(Thread.current))
        }
        // How many go to the writer thread instead depends on when it wakes, on a busy machine
        // most of them; each that committed here was checked above.
        #expect(committedHere >= 1)
        #expect(writer.commitCount == recorder.all.count)
        // What was made durable here is in the pending log until the writer thread applies it.
        writer.flush()
        #expect(try store.changes(session: "s", from: 1, through: 60) == (1...60).map { Fixture.change("s", $0) })
        store.close()
    }

    @Test func aQueueOverTheLimitGoesToTheWriterThread() throws {
        let folder = TemporaryFolder()
        let (store, writer, recorder) = try StartedWriter(folder).parts
        writer.submit([.upsertSession(id: "s", meta: [])], wakingWriter: false)
        // Five writes, over the limit even when the writer thread, just started, took the first.
        let ticket = writer.submit(Fixture.appends("s", 1...5), wakingWriter: false)
        #expect(!writer.commitQueuedHere(upTo: 4))
        writer.flush()
        #expect(recorder.all.last?.through == ticket)
        #expect(recorder.all.allSatisfy { $0.thread != ObjectIdentifier(Thread.current) })
        store.close()
    }

    @Test func syncedCommitsStayOnTheWriterThread() throws {
        let folder = TemporaryFolder()
        var options = StoreOptions()
        options.durability = .full
        let (store, writer, recorder) = try StartedWriter(folder, options: options).parts
        writer.submit([.upsertSession(id: "s", meta: [])], wakingWriter: false)
        #expect(!writer.commitQueuedHere(upTo: 100))
        writer.flush()
        #expect(recorder.all.count == 1 && recorder.all[0].thread != ObjectIdentifier(Thread.current))
        store.close()
    }

    @Test func whileTheWriterThreadCommitsTheCallerLeavesItTheQueueInOrder() throws {
        let folder = TemporaryFolder()
        let held = try HeldWriter(folder, first: [.upsertSession(id: "s", meta: [])])
        let (store, writer, recorder) = (held.store, held.writer, held.recorder)
        let queued = writer.submit(Fixture.appends("s", 1...2), wakingWriter: false)
        #expect(!writer.commitQueuedHere(upTo: 100), "the writer thread holds the turn")
        held.release()
        writer.flush()
        #expect(recorder.all.map(\.through) == [StorageTicket(1), queued])
        #expect(try store.changes(session: "s", from: 1, through: 2).count == 2)
        store.close()
    }

    @Test func foldsAreLeftToTheWriterThreadAndHappen() async throws {
        let folder = TemporaryFolder()
        var options = StoreOptions()
        options.changesPerFold = 10
        let (store, writer, recorder) = try StartedWriter(folder, options: options).parts
        writer.submit([.upsertSession(id: "s", meta: [])], wakingWriter: false)
        for revision in Int64(1)...12 {
            writer.submit([.append(Fixture.change("s", revision))], wakingWriter: false)
            // Once the tenth makes a fold due, the writer thread may hold the turn to fold.
            if !writer.commitQueuedHere(upTo: 10) { writer.flush() }
            if revision < 10 { #expect(try Fixture.changes(in: "changes", of: folder) == 0, "no fold on this thread") }
        }
        writer.flush()
        // The tenth change made a fold due: the writer thread folds at least those ten.
        #expect(try await eventually { try Fixture.changes(in: "changes", of: folder) >= 10 })
        let folded = try Fixture.changes(in: "changes", of: folder)
        let waiting = try Fixture.changes(in: "recent_changes", of: folder)
        #expect(folded + waiting == 12)
        #expect(recorder.failures.isEmpty)
        #expect(try store.changes(session: "s", from: 1, through: 12) == (1...12).map { Fixture.change("s", $0) })
        store.close()
    }

    /// After a quiet spell a group is one SQLite transaction on the caller's thread (in the
    /// database when the call returns); in a busy spell it goes to the pending log.
    @Test(arguments: [true, false]) func aQuietCallerCommitsToTheDatabaseABusyOneToThePendingLog(quiet: Bool) async throws {
        let folder = TemporaryFolder()
        var options = StoreOptions()
        options.pendingDelay = .seconds(3600)
        options.quietGap = quiet ? .zero : .seconds(3600)
        let (store, writer, recorder) = try StartedWriter(folder, options: options).parts
        writer.submit([.upsertSession(id: "s", meta: [])])
        writer.flush()
        var revision: Int64 = 0
        var settled = false
        while !settled, revision < 100 {
            revision += 1
            // The writer thread, still finishing its turn, may hold the connection: then even a
            // quiet caller writes to the pending log (flushed, and tried again).
            #expect(await eventually { writer.isIdle })
            writer.submit([.append(Fixture.change("s", revision))], wakingWriter: false)
            let (here, caller) = Self.commitQueuedHere(writer)
            let logged = try PendingLog.records(at: folder.databasePath + PendingLog.suffix).count
            settled = here && (!quiet || logged == 0)
            if !settled { writer.flush() }
            if settled { #expect(recorder.all.last?.thread == caller) }
        }
        #expect(settled)
        let stored = try Fixture.changes(in: "recent_changes", of: folder)
        #expect(stored == (quiet ? revision : revision - 1))
        let logged = try PendingLog.records(at: folder.databasePath + PendingLog.suffix)
        #expect(logged.count == (quiet ? 0 : 1))
        store.close()
    }

    /// Woken to apply the pending log, the writer thread leaves the turns queued meanwhile to
    /// the caller (taken along, their updates would wait for the whole batch); it takes them
    /// once they are handed over.
    @Test func theWriterAppliesTheBacklogWithoutTakingAQueueNotHandedOver() async throws {
        let folder = TemporaryFolder()
        var options = StoreOptions()
        options.pendingDelay = .milliseconds(50)
        options.quietGap = .seconds(3600)
        let (store, writer, recorder) = try StartedWriter(folder, options: options).parts
        writer.submit([.upsertSession(id: "s", meta: [])])
        writer.flush()
        let journaled = writer.appendUntilOneStaysInThePendingLog { Fixture.change("s", $0) }
        let queued = writer.submit([.append(Fixture.change("s", journaled + 1))], wakingWriter: false)
        let log = folder.databasePath + PendingLog.suffix
        #expect(try await eventually { try PendingLog.records(at: log).isEmpty }, "the backlog is applied after its delay")
        #expect(try store.changes(session: "s", from: journaled, through: journaled).count == 1)
        #expect(recorder.all.last?.through != queued, "the queued turn was not the writer's to take")
        writer.wake()
        #expect(await eventually { recorder.all.last?.through == queued })
        store.close()
    }

    /// ``StorageWriter/commitQueuedHere(upTo:)`` and the thread it ran on (which an async test
    /// cannot name itself).
    private static func commitQueuedHere(_ writer: StorageWriter) -> (Bool, ObjectIdentifier) {
        (writer.commitQueuedHere(upTo: 10), ObjectIdentifier(Thread.current))
    }
}
