/// Applies to the database what a ``PendingLog`` still holds when no writer owns it: left by a
/// process that did not close its store (applied when the store opens), or by a writer whose
/// backlog failed to apply as it closed (applied when the next writer starts). The records after
/// the highest sequence number the database records are applied in order, in groups of at most
/// ``StoreOptions/maximumWritesPerCommit`` writes.
enum PendingRecovery {
    /// On a connection of its own, for ``SQLiteStore/open(path:options:)``; none is opened when
    /// the log holds nothing.
    static func apply(database path: String, options: StoreOptions) throws(StorageError) {
        let records = try leftRecords(of: path)
        guard !records.isEmpty else { return }
        try apply(records, on: GroupCommitter(path: path, options: options), options: options)
    }

    /// On a writer's connection, before the writer takes the log over.
    static func apply(database path: String, on committer: GroupCommitter, options: StoreOptions) throws(StorageError) {
        try apply(leftRecords(of: path), on: committer, options: options)
    }

    /// The log's records, once what a crash during its compaction left beside it is gone.
    private static func leftRecords(of path: String) throws(StorageError) -> [PendingRecord] {
        let logPath = path + PendingLog.suffix
        PendingLog.removeLeftovers(of: logPath)
        return try PendingLog.records(at: logPath)
    }

    /// A record the database refuses for its own content (it was refused when first written too)
    /// is skipped; anything else throws, leaving the log as it was.
    private static func apply(_ records: [PendingRecord], on committer: GroupCommitter, options: StoreOptions)
        throws(StorageError)
    {
        let due = records.filter { $0.sequence > committer.appliedSequence }
        for range in due.groups(ofAtMost: options.maximumWritesPerCommit, writes: { $0.writes.count }) {
            let group = due[range].map { Submission(ticket: StorageTicket(UInt64($0.sequence)), writes: $0.writes) }
            let outcome = committer.commit(
                group[...], now: StorageWriter.millisecondsSince1970(), pendingThrough: due[range.upperBound - 1].sequence)
            if let failure = outcome.groupFailure { throw failure }
        }
    }
}
