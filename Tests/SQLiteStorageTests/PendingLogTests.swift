import Foundation
import TestSupport
import Testing

@testable import SQLiteStorage

/// The pending log (``PendingLog``): what ``StorageWriter/commitQueuedHere(upTo:)`` reports
/// committed before the database has it, read back whole after a crash and applied once.
@Suite("Storage pending log: reported before the database has it, never lost")
struct PendingLogTests {
    static let everyKind: [StorageWrite] = [
        .upsertSession(id: "s", meta: Array("meta".utf8)),
        .append(Fixture.change("s", 1)),
        .snapshot(session: "s", snapshot: StoredSnapshot(revision: 1, body: Fixture.bytes("state", size: 300))),
        .upsertMember(session: "s", client: "c1", body: Array("member".utf8)),
        .append(StoredChange(session: "é ☃", revision: -3, at: Int64.min, body: [])),
        .deleteSession(id: "s"),
    ]

    @Test func everyKindOfWriteReadsBackAsWritten() throws {
        let folder = TemporaryFolder()
        let log = try PendingLog(database: folder.databasePath)
        let records = [
            PendingRecord(sequence: 7, writes: Self.everyKind),
            PendingRecord(sequence: 8, writes: []),
            PendingRecord(sequence: Int64.max, writes: [.append(Fixture.change("t", 9, size: 70_000))]),
        ]
        for record in records {
            var bytes: [UInt8] = []
            record.encode(into: &bytes)
            try log.append(bytes)
        }
        #expect(try PendingLog.records(at: log.path) == records)
    }

    @Test func aRecordCutShortOrDamagedEndsTheLog() throws {
        var bytes: [UInt8] = []
        for sequence in Int64(1)...3 {
            PendingRecord(sequence: sequence, writes: Array(Self.everyKind.prefix(2))).encode(into: &bytes)
        }
        let whole = PendingRecord.decodeAll(bytes[...])
        #expect(whole.map(\.sequence) == [1, 2, 3])
        #expect(PendingRecord.decodeAll(bytes.dropLast()).map(\.sequence) == [1, 2])
        var damaged = bytes
        damaged[bytes.count / 2] ^= 0x40  // inside the second record
        #expect(PendingRecord.decodeAll(damaged[...]).map(\.sequence) == [1])
    }

    @Test func appliedRecordsLeaveTheFileAndTheRestStays() throws {
        let folder = TemporaryFolder()
        let log = try PendingLog(database: folder.databasePath)
        func record(_ sequence: Int64) -> [UInt8] {
            var bytes: [UInt8] = []
            PendingRecord(sequence: sequence, writes: [.append(Fixture.change("s", sequence, size: 300_000))])
                .encode(into: &bytes)
            return bytes
        }
        var lengths: [Int] = []
        for sequence in Int64(1)...5 {
            let bytes = record(sequence)
            lengths.append(bytes.count)
            try log.append(bytes)
        }
        // Under the compaction length: kept in the file, still skipped by sequence at recovery.
        try log.dropApplied(bytes: lengths[0])
        #expect(try PendingLog.records(at: log.path).map(\.sequence) == [1, 2, 3, 4, 5])
        // Past it: the rest moves to a new file.
        try log.dropApplied(bytes: lengths[1] + lengths[2] + lengths[3])
        #expect(try PendingLog.records(at: log.path).map(\.sequence) == [5])
        try log.append(record(6))
        #expect(try PendingLog.records(at: log.path).map(\.sequence) == [5, 6])
        try log.dropApplied(bytes: lengths[4] + record(6).count)
        #expect(try PendingLog.records(at: log.path).isEmpty)
        #expect(log.length == PendingLog.mark.count)
    }

    /// The database files and the pending log copied while the writer holds the last changes
    /// only in the log (its delay is an hour): what `kill -9` at that moment leaves. Opening the
    /// copy applies them.
    @Test func aStoreOpenedAfterACrashAppliesWhatOnlyThePendingLogHeld() throws {
        let folder = TemporaryFolder()
        let options = StoreOptions.holdingThePendingLog
        let (store, writer, recorder) = try StartedWriter(folder, options: options).parts
        writer.submit([.upsertSession(id: "s", meta: Array("m".utf8))])
        writer.flush()
        let revision = writer.appendUntilOneStaysInThePendingLog { Fixture.change("s", $0) }
        #expect(recorder.failures.isEmpty)
        let stored = try SQLiteConnection(path: folder.databasePath).integer("SELECT count(*) FROM recent_changes")
        #expect(stored == revision - 1, "the last change is only in the pending log")

        let copy = TemporaryFolder()
        for suffix in ["", "-wal", PendingLog.suffix] where FileManager.default.fileExists(atPath: folder.databasePath + suffix) {
            try FileManager.default.copyItem(atPath: folder.databasePath + suffix, toPath: copy.databasePath + suffix)
        }
        let restored = try SQLiteStore.open(directory: copy.path, options: options)
        let session = try #require(try restored.loadAll().first)
        #expect(session.id == "s" && session.revision == revision)
        #expect(try restored.changes(session: "s", from: 1, through: .max) == (1...revision).map { Fixture.change("s", $0) })
        restored.close()
        store.close()
        // Closing applied the backlog and removed the log.
        #expect(!FileManager.default.fileExists(atPath: folder.databasePath + PendingLog.suffix))
        let reopened = try SQLiteStore.open(directory: folder.path)
        #expect(try reopened.loadAll().first?.revision == revision)
        reopened.close()
    }

    /// A log whose records the database already holds (the writer applied them, then died
    /// before emptying the file) is not applied again: the database's later snapshot is not
    /// replaced by the older one the log holds, and only the record after it is applied.
    @Test func recoveryAppliesOnlyWhatTheDatabaseDoesNotHave() throws {
        let folder = TemporaryFolder()
        let (store, writer, _) = try StartedWriter(folder).parts
        writer.submit([
            .upsertSession(id: "s", meta: []), .append(Fixture.change("s", 1)), .append(Fixture.change("s", 2)),
            .snapshot(session: "s", snapshot: StoredSnapshot(revision: 2, body: Array("two".utf8))),
        ])
        writer.flush()
        store.close()
        // As if records 1 and 2 had been applied in the commit that recorded it.
        try SQLiteConnection(path: folder.databasePath).execute("UPDATE pending_applied SET sequence = 2")
        var bytes = PendingLog.mark
        PendingRecord(
            sequence: 1, writes: [.snapshot(session: "s", snapshot: StoredSnapshot(revision: 1, body: Array("one".utf8)))]
        )
        .encode(into: &bytes)
        PendingRecord(sequence: 2, writes: [.upsertMember(session: "s", client: "old", body: [])]).encode(into: &bytes)
        PendingRecord(sequence: 3, writes: [.upsertMember(session: "s", client: "new", body: [])]).encode(into: &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: folder.databasePath + PendingLog.suffix))

        let reopened = try SQLiteStore.open(directory: folder.path)
        let session = try #require(try reopened.loadAll().first)
        #expect(session.snapshot == StoredSnapshot(revision: 2, body: Array("two".utf8)))
        #expect(session.members.map(\.client) == ["new"])
        reopened.close()
    }

    /// A backlog that cannot be applied as the writer closes (the disk is full) stays in the
    /// pending log, and close returns; the next writer on the store applies it first.
    @Test func aBacklogTheDatabaseRefusesStaysInTheLogForTheNextWriter() throws {
        let folder = TemporaryFolder()
        let options = StoreOptions.holdingThePendingLog
        let (store, writer, _) = try StartedWriter(folder, options: options).parts
        writer.submit([.upsertSession(id: "s", meta: [])])
        writer.flush()
        // Large enough to need new pages, which the full disk refuses.
        func change(_ revision: Int64) -> StoredChange { Fixture.change("s", revision, size: 200_000) }
        let revision = writer.appendUntilOneStaysInThePendingLog(change)
        writer.limitGrowth(toPages: 0)
        writer.close()
        #expect(writer.lastFailure != nil)
        #expect(try PendingLog.records(at: folder.databasePath + PendingLog.suffix).last?.writes == [.append(change(revision))])

        let next = try store.startWriter { _, _ in }
        next.flush()
        #expect(try store.changes(session: "s", from: 1, through: .max) == (1...revision).map(change))
        store.close()
        let reopened = try SQLiteStore.open(directory: folder.path)
        #expect(try reopened.loadAll().first?.revision == revision)
        reopened.close()
    }
}
