import Foundation
import SQLiteStorage
import TestSupport
import Testing

@testable import storage_test_child

@Suite("Storage crash safety: kill -9 loses nothing reported committed", .tags(.long))
struct CrashSafetyTests {
    /// Each round starts the writer on the same folder (it continues the log where the database
    /// ends), waits for a random number of commit reports plus a random few milliseconds, kills
    /// it with SIGKILL, and checks that every revision it reported committed was restored, whole
    /// and in order, with a snapshot that matches its revision. `here`: the child makes its
    /// submissions durable in the pending log, as the server does, and they reach the database later.
    @Test(arguments: [false, true]) func everyCommittedChangeSurvivesKillNine(here: Bool) throws {
        let folder = TemporaryFolder()
        var reportedBefore: Int64 = 0
        for round in 1...12 {
            var child = try TestChild(["append", folder.path] + (here ? ["--here"] : []))
            let ready = child.nextLine()
            #expect(ready == "ready \(reportedBefore)")
            let reportsToWait = Int.random(in: 1...40)
            let extraMicroseconds = UInt32.random(in: 0...20_000)
            var reported: Int64 = 0
            var seen = 0
            while seen < reportsToWait, let line = child.nextLine() {
                #expect(line.hasPrefix("committed "), "the child said: \(line)")
                reported = Int64(line.dropFirst("committed ".count)) ?? reported
                seen += 1
            }
            usleep(extraMicroseconds)  // the random moment: mid-transaction as often as not
            child.kill()
            // Lines printed before the kill count too.
            while let line = child.nextLine() {
                if line.hasPrefix("committed ") { reported = Int64(line.dropFirst("committed ".count)) ?? reported }
            }
            #expect(child.process.terminationReason == .uncaughtSignal)

            let store = try SQLiteStore.open(directory: folder.path)
            let session = try #require(try store.loadAll().first { $0.id == CrashWriter.session })
            let timeline = try store.changes(session: CrashWriter.session, from: 1, through: .max)
            print(
                "round \(round): killed after \(seen) reports + \(extraMicroseconds) µs; reported \(reported), restored \(session.revision)"
            )
            #expect(session.revision >= reported)
            #expect(timeline.map(\.revision) == Array(1...session.revision))
            #expect(timeline.allSatisfy { $0.body == CrashWriter.body(revision: $0.revision) && $0.at == $0.revision })
            if let snapshot = session.snapshot {
                #expect(snapshot.revision % CrashWriter.snapshotInterval == 0)
                #expect(snapshot.body == CrashWriter.snapshotBody(revision: snapshot.revision))
                #expect(session.changes == timeline.filter { $0.revision > snapshot.revision })
            }
            store.close()
            reportedBefore = session.revision
        }
        #expect(reportedBefore > 0)
    }

    /// The writer sends itself SIGKILL inside a group commit of several submissions, between
    /// two of its writes (`FOCUS_SYNC_KILL_IN_GROUP_COMMIT`): every revision reported committed
    /// is restored, and nothing of the group it cut, which was never reported.
    /// `here`: the group cut is one the writer thread applies from the pending log, whose
    /// submissions were all reported already (and are restored from the log).
    @Test(arguments: [false, true]) func killedInsideAGroupCommitKeepsExactlyWhatWasReported(here: Bool) throws {
        let folder = TemporaryFolder()
        var restoredBefore: Int64 = 0
        for round in 1...6 {
            let group = Int.random(in: 3...40)
            var child = try TestChild(
                ["append", folder.path] + (here ? ["--here"] : []),
                environment: ["FOCUS_SYNC_KILL_IN_GROUP_COMMIT": String(group)])
            #expect(child.nextLine() == "ready \(restoredBefore)")
            var reported = restoredBefore
            var lines = 0
            while let line = child.nextLine() {
                #expect(line.hasPrefix("committed "), "the child said: \(line)")
                reported = Int64(line.dropFirst("committed ".count)) ?? reported
                lines += 1
                // Groups of one submission never reach the crash point: give up on a child that
                // only ever commits those, rather than wait forever.
                if lines == 100_000 { child.kill() }
            }
            child.process.waitUntilExit()
            #expect(lines < 100_000, "round \(round): the crash point never fired in group \(group)")
            #expect(child.process.terminationReason == .uncaughtSignal)
            #expect(child.process.terminationStatus == SIGKILL)

            let store = try SQLiteStore.open(directory: folder.path)
            let session = try #require(try store.loadAll().first { $0.id == CrashWriter.session })
            let timeline = try store.changes(session: CrashWriter.session, from: 1, through: .max)
            print("round \(round): killed in group \(group); reported \(reported), restored \(session.revision)")
            if here {
                // Journaled and not yet printed when the writer thread died: restored all the same.
                #expect(session.revision >= reported)
            } else {
                // Each group's report is printed before the next group starts: the cut one is the only one unreported.
                #expect(session.revision == reported)
            }
            #expect(timeline.map(\.revision) == Array(1...session.revision))
            #expect(timeline.allSatisfy { $0.body == CrashWriter.body(revision: $0.revision) })
            store.close()
            restoredBefore = session.revision
        }
        #expect(restoredBefore > 0)
    }
}
