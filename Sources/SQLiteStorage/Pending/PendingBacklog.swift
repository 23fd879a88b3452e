import Foundation

/// The submissions in the pending log that the database does not have yet, in ticket order: what
/// the writer thread applies next, ahead of anything queued after them.
struct PendingBacklog {
    struct Entry {
        let submission: Submission
        let sequence: Int64
        /// The record's length in the pending log.
        let bytes: Int
    }

    private(set) var entries: [Entry] = []
    private(set) var writes = 0
    /// When the oldest entry began to wait (after a failed attempt, when the next may start,
    /// less the writer's delay).
    private(set) var since: Date?
    /// Failed attempts to apply it so far; ``StorageWriter/flush()`` stops waiting after one.
    private(set) var failedAttempts = 0

    var isEmpty: Bool { entries.isEmpty }

    /// Whether an entry with a ticket up to `ticket` waits.
    func holds(through ticket: StorageTicket) -> Bool {
        entries.first.map { $0.submission.ticket <= ticket } ?? false
    }

    mutating func add(_ added: [Entry], at now: Date) {
        if entries.isEmpty { since = now }
        entries += added
        writes += added.reduce(0) { $0 + $1.submission.writes.count }
    }

    /// Removes the first `count` entries, which the database now holds, and returns their bytes.
    mutating func removeApplied(_ count: Int, at now: Date) -> Int {
        let applied = entries.prefix(count)
        entries.removeFirst(count)
        writes -= applied.reduce(0) { $0 + $1.submission.writes.count }
        since = entries.isEmpty ? nil : now
        return applied.reduce(0) { $0 + $1.bytes }
    }

    /// An attempt failed: the next is not due before `retryAt` plus the writer's delay.
    mutating func failedToApply(retryAt: Date) {
        failedAttempts += 1
        since = retryAt
    }
}
