import TestSupport

@testable import SQLiteStorage

/// Payloads for tests: recognisable bytes of a chosen size.
enum Fixture {
    static func bytes(_ text: String, size: Int? = nil) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard let size else { return utf8 }
        return (0..<size).map { utf8[$0 % utf8.count] }
    }

    static func change(_ session: String, _ revision: Int64, size: Int = 200) -> StoredChange {
        StoredChange(
            session: session, revision: revision, at: 1_700_000_000_000 + revision,
            body: bytes("\(session) r\(revision) ", size: size))
    }

    /// Store options that fold `recent_changes` once `changes` wait.
    static func folding(every changes: Int) -> StoreOptions {
        var options = StoreOptions()
        options.changesPerFold = changes
        return options
    }

    static func appends(_ session: String, _ revisions: ClosedRange<Int64>) -> [StorageWrite] {
        revisions.map { .append(change(session, $0)) }
    }

    /// How many rows `table` of the store in `folder` holds, read on a connection of its own.
    static func rows(_ table: String, in folder: TemporaryFolder) throws -> Int64? {
        try SQLiteConnection(path: folder.databasePath).integer("SELECT count(*) FROM \(table)")
    }

    /// The changes `table` (`changes` or `recent_changes`) holds, counting each in a bundle
    /// (``ChangeBundle``; the revisions of a fixture's session follow each other).
    static func changes(in table: String, of folder: TemporaryFolder) throws -> Int64 {
        try SQLiteConnection(path: folder.databasePath).integer(Self.countingChanges(in: table)) ?? 0
    }

    static func countingChanges(in table: String) -> String {
        "SELECT coalesce(sum(coalesce(last_revision - revision + 1, 1)), 0) FROM \(table)"
    }
}

extension Result where Success == Void {
    var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}
