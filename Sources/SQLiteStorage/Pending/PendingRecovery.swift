/// Applies to the database what the ``PendingLog`` of a process that did not close its store
/// still holds: the records after the highest sequence number the database records, in order,
/// in groups of at most ``StoreOptions/maximumWritesPerCommit`` writes.
enum PendingRecovery {
    /// Returns how many submissions it applied. A record the database refuses for its own
    /// content (it was refused when first written too) is skipped; anything else fails the open,
    /// leaving the log as it was.
    @discardableResult
    static func apply(database path: String, options: StoreOptions) throws(StorageError) -> Int {
        let logPath = path + PendingLog.suffix
        PendingLog.removeLeftovers(of: logPath)
        let records = try PendingLog.records(at: logPath)
        guard !records.isEmpty else { return 0 }
        let committer = try GroupCommitter(path: path, options: options)
        let due = records.filter { $0.sequence > committer.appliedSequence }
        for range in due.groups(ofAtMost: options.maximumWritesPerCommit, writes: \.writes.count) {
            let group = due[range].map { Submission(ticket: StorageTicket(UInt64($0.sequence)), writes: $0.writes) }
            let outcome = committer.commit(
                group[...], now: StorageWriter.millisecondsSince1970(), pendingThrough: due[range.upperBound - 1].sequence)
            if let failure = outcome.groupFailure { throw failure }
        }
        return due.count
    }
}
