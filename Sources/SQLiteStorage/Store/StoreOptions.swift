/// How the store writes and checks its database.
public struct StoreOptions: Sendable, Equatable {
    /// When a commit counts as durable.
    public enum Durability: String, Sendable, Equatable, CaseIterable {
        /// `synchronous=NORMAL` in WAL mode: a commit survives the process being killed (`kill -9`,
        /// a crash) at any moment, because it is in the operating system's page cache once
        /// `COMMIT` returns. A power loss or kernel crash may lose the last commits (never corrupt
        /// the file), since the WAL is synced to the disk only at checkpoints.
        case normal
        /// `synchronous=FULL`: the WAL is synced to the disk at every commit, so commits also
        /// survive a power loss, at the cost of one `fsync` per group commit.
        case full
    }

    public var durability: Durability = .normal
    /// Keep the changes a snapshot already covers, so the whole log stays readable as a timeline
    /// (``SQLiteStore/changes(session:from:through:)``). When false, writing a snapshot deletes
    /// the session's changes at or below its revision.
    public var keepChangesBehindSnapshot = true
    /// How long a statement waits for a lock another connection holds before failing as busy.
    public var busyTimeout: Duration = .seconds(5)
    /// The longest the integrity check at open may take. A larger file is checked only this far
    /// (274 MB took 0.2–0.45 s here, docs/PERFORMANCE.md), and damage further on shows as
    /// ``StorageError/damaged(path:reason:)`` when it is read.
    public var integrityCheckLimit: Duration = .seconds(1)
    /// The most writes one group commit takes, so a long backlog commits in bounded transactions.
    public var maximumWritesPerCommit = 10_000
    /// How many changes wait in commit order (`recent_changes`) before a group commit moves them
    /// all into each session's contiguous log (`changes`); see ``ChangeLog``.
    public var changesPerFold = 8_000
    /// How long submissions made durable in the pending log (``StorageWriter/commitQueuedHere(upTo:)``)
    /// wait before the writer thread applies them to the database: the longer, the larger and
    /// cheaper its groups (a backlog of 4,000 writes is applied at once whatever the delay). The
    /// writer takes no queued turn along unless it was handed the queue, so no update waits for
    /// such a batch.
    public var pendingDelay: Duration = .milliseconds(500)
    /// After this long without a group made durable by ``StorageWriter/commitQueuedHere(upTo:)``,
    /// the next is committed to SQLite on the caller's thread instead of the pending log: at a
    /// few changes a second a transaction costs less than the log's write and the writer thread's
    /// wake-ups for one change.
    public var quietGap: Duration = .milliseconds(5)

    public init() {}
}

extension Duration {
    /// In seconds, for `Date` arithmetic.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
