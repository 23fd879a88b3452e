import Foundation

/// Writes to the durable log on a thread of its own, in group commits.
///
/// ``submit(_:)`` may be called from any thread and never waits for the disk: it appends to a
/// locked queue and wakes the writer thread. The writer takes everything queued and stores it in
/// one transaction (up to ``StoreOptions/maximumWritesPerCommit`` writes; a longer backlog takes
/// several), then calls `onCommit` on its own thread, once per outcome and in ticket order: each
/// call covers every ticket after the previous call's `through`, up to and including its own.
///
/// A failure never stops the writer and never drops writes silently. When the disk is full or an
/// I/O error strikes, the whole group is reported as failed (nothing of it was stored) and
/// ``lastFailure`` says why until a later group commits; the writer carries on with the next
/// submissions. A submission refused for its own content (``StorageError/duplicateRevision(path:session:revision:)``,
/// ``StorageError/unknownSession(path:session:)``) is reported alone, and the rest of its group
/// still commits.
///
/// A caller whose commits cost no wait for the disk may commit what it queued on its own thread
/// instead (``commitQueuedHere(upTo:)``): it saves two thread switches a group. Whoever commits
/// holds the writer's turn (`state.isCommitting`), so the connection is used by one thread at a
/// time; the work that can stall stays on the writer thread: folding the recent changes (with
/// the turn), and checkpoints, on a connection of its own and without the turn, so that commits
/// go on meanwhile.
///
/// `@unchecked Sendable`: `state` is only touched while `condition` is locked, and `committer`
/// only by the thread holding the turn to commit.
public final class StorageWriter: @unchecked Sendable {
    /// Called on the writer thread after each group commit: every ticket through `through` (after
    /// the previous call's) was stored, or none was. ``flush()`` and ``close()`` called from it do
    /// not wait (the thread cannot wait for itself).
    public typealias CommitHandler = @Sendable (_ through: StorageTicket, _ outcome: Result<Void, StorageError>) -> Void

    /// The database file this writer writes.
    public let path: String

    private let onCommit: CommitHandler
    private let maximumWritesPerCommit: Int
    /// Whether a commit returns without waiting for the disk (`synchronous=NORMAL`).
    private let commitsWithoutSync: Bool
    /// nil once the thread has stopped: its connection is closed before ``close()`` returns.
    private var committer: GroupCommitter?
    /// The writer thread's own: checkpoints run there, without the turn to commit. nil once the
    /// thread has stopped, so that closing the store's last connection checkpoints and removes the WAL.
    private var checkpointer: Checkpointer?
    private let condition = NSCondition()
    private var state = QueueState()

    private struct QueueState {
        var queued: [Submission] = []
        var lastIssued: UInt64 = 0
        var lastReported: UInt64 = 0
        var commitCount = 0
        var lastFailure: StorageError?
        var growthLimit: Int64??
        var isClosing = false
        /// Some thread is committing or folding: nobody else touches `committer`.
        var isCommitting = false
        /// A commit made on a caller's thread left a fold to the writer thread.
        var foldDue = false
        /// A commit left the WAL long enough for a checkpoint, which the writer thread runs.
        var checkpointDue = false
        /// Threads waiting in ``flush()``: a commit wakes them, and only then the writer too.
        var flushWaiters = 0
        var hasStopped = false
        var thread: Thread?
    }

    init(path: String, options: StoreOptions, onCommit: @escaping CommitHandler) throws(StorageError) {
        self.path = path
        self.onCommit = onCommit
        maximumWritesPerCommit = max(1, options.maximumWritesPerCommit)
        commitsWithoutSync = options.durability == .normal
        committer = try GroupCommitter(path: path, options: options)
        checkpointer = try Checkpointer(path: path, options: options)
        Thread.detachNewThread { [self] in
            // Named from inside: Linux applies a name only to the calling thread, and keeps 15 bytes.
            Thread.current.name = "storage-writer"
            condition.withLock { state.thread = Thread.current }
            run()
        }
    }

    /// Queues `writes` to be stored together (all or none) and returns their ticket at once.
    /// After ``close()``, nothing is queued: `onCommit` reports the ticket failed right away, on
    /// the calling thread.
    ///
    /// With `wakingWriter` false, a writer waiting for work is not woken for it: the caller
    /// queues more and calls ``wake()`` once, so they commit in one group instead of the first
    /// alone (each wake-up costs the caller's core a switch to the writer and back). A writer
    /// busy with a group takes it when that group is done, woken or not.
    @discardableResult
    public func submit(_ writes: [StorageWrite], wakingWriter: Bool = true) -> StorageTicket {
        condition.lock()
        state.lastIssued += 1
        let ticket = StorageTicket(state.lastIssued)
        let isClosing = state.isClosing
        if !isClosing {
            state.queued.append(Submission(ticket: ticket, writes: writes))
            if wakingWriter { condition.broadcast() }
        }
        condition.unlock()
        if isClosing { onCommit(ticket, .failure(.closed(path: path))) }
        return ticket
    }

    /// Wakes the writer for what ``submit(_:wakingWriter:)`` queued without waking it.
    public func wake() {
        condition.withLock {
            if !state.queued.isEmpty { condition.broadcast() }
        }
    }

    /// Commits everything queued on the calling thread, and reports it to `onCommit` there, when
    /// that costs no wait for the disk: commits are not synced (``StoreOptions/Durability/normal``),
    /// the writer thread is not committing, and at most `limit` writes are queued. Otherwise
    /// wakes the writer for them and returns false. Folding and checkpoints are left to the
    /// writer thread, woken for them when due.
    @discardableResult
    public func commitQueuedHere(upTo limit: Int) -> Bool {
        condition.lock()
        let writes = state.queued.reduce(0) { $0 + $1.writes.count }
        guard commitsWithoutSync, !state.isCommitting, !state.isClosing, state.growthLimit == nil, writes <= limit,
            let committer
        else {
            if !state.queued.isEmpty { condition.broadcast() }
            condition.unlock()
            return false
        }
        let submissions = state.queued
        state.queued = []
        state.isCommitting = true
        condition.unlock()
        if !submissions.isEmpty {
            report(committer.commit(submissions[...], now: Self.millisecondsSince1970(), folding: false))
        }
        let fold = committer.foldIsDue
        let checkpoint = committer.checkpointIsDue
        condition.withLock {
            state.isCommitting = false
            if fold { state.foldDue = true }
            if checkpoint { state.checkpointDue = true }
            // Wake the writer only for work: what was queued meanwhile, a fold, a checkpoint, a close.
            if fold || checkpoint || !state.queued.isEmpty || state.isClosing { condition.broadcast() }
        }
        return true
    }

    /// Waits until every ticket submitted before this call has been reported to `onCommit`.
    public func flush() {
        condition.lock()
        let target = state.lastIssued
        condition.broadcast()  // for submissions that did not wake the writer
        state.flushWaiters += 1
        while state.lastReported < target, !state.hasStopped, !isWriterThread { condition.wait() }
        state.flushWaiters -= 1
        condition.unlock()
    }

    /// Stores everything submitted so far, then stops the writer thread and closes its
    /// connection. Later submissions are reported failed. Calling it again does nothing.
    public func close() {
        condition.lock()
        state.isClosing = true
        condition.broadcast()
        while !state.hasStopped, !isWriterThread { condition.wait() }
        condition.unlock()
    }

    /// Why the last group failed as a whole, or nil once a group has committed since (and before
    /// any failure): what `/healthz` reports.
    public var lastFailure: StorageError? {
        condition.withLock { state.lastFailure }
    }

    /// True unless the most recent group failed as a whole.
    public var isHealthy: Bool { lastFailure == nil }

    /// Transactions committed so far. Fewer than the submissions when group commit groups them.
    public var commitCount: Int {
        condition.withLock { state.commitCount }
    }

    /// For tests, simulating a full disk: lets the database grow by only `pages` more pages from
    /// the next group on (nil lifts the limit). SQLite then fails writes with SQLITE_FULL, as it
    /// does when the disk is full.
    func limitGrowth(toPages pages: Int64?) {
        condition.withLock { state.growthLimit = .some(pages) }
    }

    /// Whether the caller is the writer thread itself; `condition` must be locked.
    private var isWriterThread: Bool { state.thread === Thread.current }

    private func run() {
        while let work = nextWork(), let committer {
            var checkpoint = work.checkpoint
            if work.holdsTurn {
                if let growthLimit = work.growthLimit { committer.limitGrowth(toPages: growthLimit) }
                commit(work.submissions, on: committer)
                if committer.foldIsDue { committer.fold() }
                checkpoint = checkpoint || committer.checkpointIsDue
                condition.withLock { state.isCommitting = false }
            }
            // Without the turn: commits go on, on the caller's thread, while the WAL is copied.
            if checkpoint { checkpointer?.run() }
        }
        checkpointer = nil
        condition.withLock {
            committer = nil
            state.hasStopped = true
            condition.broadcast()
        }
    }

    /// Commits `submissions` in groups of at most ``maximumWritesPerCommit`` writes.
    private func commit(_ submissions: [Submission], on committer: GroupCommitter) {
        var start = submissions.startIndex
        while start < submissions.endIndex {
            var end = start
            var writes = 0
            repeat {
                writes += submissions[end].writes.count
                end += 1
            } while end < submissions.endIndex && writes + submissions[end].writes.count <= maximumWritesPerCommit
            report(committer.commit(submissions[start..<end], now: Self.millisecondsSince1970()))
            start = end
        }
    }

    /// What the writer thread takes on in one go: submissions (or a fold alone) with the turn to
    /// commit, and a checkpoint, which needs no turn.
    private struct Work {
        var submissions: [Submission] = []
        var growthLimit: Int64??
        var holdsTurn = false
        var checkpoint = false
    }

    /// Waits for work and takes all of it, with the turn when it commits or folds; nil once
    /// closing with nothing left to commit.
    private func nextWork() -> Work? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            var work = Work()
            if !state.isCommitting, !state.queued.isEmpty || state.foldDue {
                work = Work(submissions: state.queued, growthLimit: state.growthLimit, holdsTurn: true)
                state.queued = []
                state.growthLimit = nil
                state.isCommitting = true
                state.foldDue = false
            }
            if state.checkpointDue, !state.isClosing {
                work.checkpoint = true
                state.checkpointDue = false
            }
            if work.holdsTurn || work.checkpoint { return work }
            if state.isClosing, !state.isCommitting, state.queued.isEmpty { return nil }
            condition.wait()
        }
    }

    private func report(_ outcome: GroupOutcome) {
        for (through, result) in outcome.reports {
            onCommit(through, result)
        }
        condition.withLock {
            if outcome.committed { state.commitCount += 1 }
            state.lastFailure = outcome.groupFailure
            if let last = outcome.reports.last { state.lastReported = last.through.number }
            // Not for nobody: the writer thread waits on the same condition, and would wake.
            if state.flushWaiters > 0 { condition.broadcast() }
        }
    }

    private static func millisecondsSince1970() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }
}
