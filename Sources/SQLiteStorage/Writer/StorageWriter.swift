import CSQLite
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
/// A caller whose commits cost no wait for the disk may make what it queued durable on its own
/// thread instead (``commitQueuedHere(upTo:)``): one `pwrite` to the ``PendingLog``, reported at
/// once, with no thread switch and no transaction. The writer thread applies those submissions
/// to the database in large groups half a second later (``StoreOptions/pendingDelay``),
/// before anything queued after them; folding the recent changes and checkpoints (on a
/// connection of their own, without the turn) stay on the writer thread and never hold up the
/// caller.
///
/// `@unchecked Sendable`: `state` and `pendingLog` are only touched while `condition` is locked,
/// and `committer` only by the thread holding the turn to commit (the writer thread).
public final class StorageWriter: @unchecked Sendable {
    /// Called after each group commit, on the writer thread or on the caller of
    /// ``commitQueuedHere(upTo:)``: every ticket through `through` (after the previous call's) was
    /// stored, or none was. On the writer thread, ``flush()`` and ``close()`` called from it do not
    /// wait (the thread cannot wait for itself); on the caller's thread they must not be called.
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
    /// Where ``commitQueuedHere(upTo:)`` makes submissions durable; nil with synced commits.
    private let pendingLog: PendingLog?
    private let pendingDelay: TimeInterval
    private let quietGap: TimeInterval
    private let condition = NSCondition()
    private var state = WriterQueueState()

    init(path: String, options: StoreOptions, onCommit: @escaping CommitHandler) throws(StorageError) {
        self.path = path
        self.onCommit = onCommit
        maximumWritesPerCommit = max(1, options.maximumWritesPerCommit)
        commitsWithoutSync = options.durability == .normal
        pendingDelay = options.pendingDelay.seconds
        quietGap = options.quietGap.seconds
        let committer = try GroupCommitter(path: path, options: options)
        self.committer = committer
        // What an earlier writer on this store left in the pending log (the open applied what
        // another process left), before the log is emptied for this one.
        try PendingRecovery.apply(database: path, on: committer, options: options)
        state.nextSequence = committer.appliedSequence + 1
        pendingLog = commitsWithoutSync ? try PendingLog(database: path) : nil
        checkpointer = try Checkpointer(path: path, options: options)
        Thread.detachNewThread { [self] in
            // Named from inside: Linux applies a name only to the calling thread, and keeps 15 bytes.
            Thread.current.name = "storage-writer"
            // Behind the service thread when they share a core: what it applies was reported
            // already, and waits for nobody.
            _ = focussync_lower_thread_priority(Self.niceness)
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
            if wakingWriter { handQueueOver() }
        }
        condition.unlock()
        if isClosing { onCommit(ticket, .failure(.closed(path: path))) }
        return ticket
    }

    /// Wakes the writer for what ``submit(_:wakingWriter:)`` queued without waking it.
    public func wake() {
        condition.withLock {
            if !state.queued.isEmpty { handQueueOver() }
        }
    }

    /// Makes everything queued durable on the calling thread, in the ``PendingLog``, and reports
    /// it to `onCommit` there, when that costs no wait for the disk: commits are not synced
    /// (``StoreOptions/Durability/normal``), the writer thread holds nothing unreported, the
    /// database's last group did not fail, and at most `limit` writes are queued. Otherwise wakes
    /// the writer for them and returns false.
    @discardableResult
    public func commitQueuedHere(upTo limit: Int) -> Bool {
        condition.lock()
        let writes = state.queued.reduce(0) { $0 + $1.writes.count }
        guard let pendingLog, state.lastReported >= state.takenThrough, !state.reportInFlight, !state.isClosing,
            !state.growthLimited, state.lastFailure == nil, state.backlogFailure == nil,
            writes <= limit, state.pending.writes < Self.mostPendingWrites
        else {
            if !state.queued.isEmpty { handQueueOver() }
            condition.unlock()
            return false
        }
        let submissions = state.queued
        guard let last = submissions.last?.ticket else {
            condition.unlock()
            return true
        }
        state.queued = []
        state.handed = false
        let now = Date()
        let wasQuiet = now.timeIntervalSince(state.lastMadeDurable) >= quietGap
        state.lastMadeDurable = now
        if state.pending.isEmpty, !state.isCommitting, wasQuiet, let committer {
            commitHere(submissions, on: committer)
            return true
        }
        var bytes: [UInt8] = []
        var entries: [PendingBacklog.Entry] = []
        for submission in submissions {
            let start = bytes.count
            PendingRecord(sequence: state.nextSequence, writes: submission.writes).encode(into: &bytes)
            entries.append(PendingBacklog.Entry(submission: submission, sequence: state.nextSequence, bytes: bytes.count - start))
            state.nextSequence += 1
        }
        let outcome: GroupOutcome
        do throws(StorageError) {
            try pendingLog.append(bytes)
            let wasEmpty = state.pending.isEmpty
            state.pending.add(entries, at: now)
            // Once for a deadline, then only when the backlog is long.
            if wasEmpty || state.pending.writes >= Self.pendingWritesApplied { condition.broadcast() }
            outcome = GroupOutcome(reports: [(last, .success(()))], groupFailure: nil)
        } catch {
            outcome = GroupOutcome(reports: [(last, .failure(error))], groupFailure: error)
        }
        state.reportInFlight = true
        condition.unlock()
        report(outcome)
        condition.withLock {
            state.reportInFlight = false
            // Submissions queued meanwhile by another thread that woke the writer in vain.
            if !state.queued.isEmpty || state.isClosing { condition.broadcast() }
        }
        return true
    }

    /// Commits `submissions` to SQLite on the caller's thread, with the turn, when the caller
    /// was quiet (one transaction costs less than the pending log's write and the writer's
    /// wake-ups for a lone change); folds and checkpoints are left to the writer thread.
    /// `condition` is locked on entry and unlocked on return.
    private func commitHere(_ submissions: [Submission], on committer: GroupCommitter) {
        state.isCommitting = true
        state.reportInFlight = true
        condition.unlock()
        report(committer.commit(submissions[...], now: Self.millisecondsSince1970(), folding: false))
        let (fold, checkpoint) = (committer.foldIsDue, committer.checkpointIsDue)
        condition.withLock {
            state.isCommitting = false
            state.reportInFlight = false
            state.foldDue = state.foldDue || fold
            state.checkpointDue = state.checkpointDue || checkpoint
            if fold || checkpoint || !state.queued.isEmpty || state.isClosing { condition.broadcast() }
        }
    }

    /// The writer thread's nice value (the service thread's is 0).
    static let niceness: Int32 = 19
    /// A backlog this long is applied at once rather than after ``StoreOptions/pendingDelay``.
    static let pendingWritesApplied = 4_000
    /// How long the writer thread waits before it tries a backlog that failed to apply again.
    static let retryInterval: TimeInterval = 1
    /// Once the backlog holds this many writes (the database falling behind), submissions go to
    /// the writer thread and wait for it: a backlog holds at most this many and one turn's more.
    static let mostPendingWrites = 8_000

    /// Waits until every ticket submitted before this call has been reported to `onCommit` and
    /// is in the database (or failed to get there once).
    public func flush() {
        condition.lock()
        let target = state.lastIssued
        let failures = state.pending.failedAttempts
        condition.broadcast()  // for submissions that did not wake the writer
        state.flushWaiters += 1
        while state.lastReported < target
            || state.pending.holds(through: StorageTicket(target))
                && state.pending.failedAttempts == failures,
            !state.hasStopped, !isWriterThread
        {
            condition.wait()
        }
        state.flushWaiters -= 1
        condition.unlock()
    }

    /// Stores everything submitted so far, then stops the writer thread and closes its
    /// connection. Later submissions are reported failed. Calling it again does nothing.
    public func close() {
        condition.lock()
        if !state.isClosing { state.failuresAtClose = state.pending.failedAttempts }
        state.isClosing = true
        condition.broadcast()
        while !state.hasStopped, !isWriterThread { condition.wait() }
        condition.unlock()
    }

    /// Why the pending backlog failed to apply, until it applies; otherwise why the last group
    /// failed as a whole (or a backlog record was refused), or nil once a group has committed
    /// since: what `/healthz` reports.
    public var lastFailure: StorageError? {
        condition.withLock { state.backlogFailure ?? state.lastFailure }
    }

    /// True unless the most recent group failed as a whole.
    public var isHealthy: Bool { lastFailure == nil }

    /// Groups made durable so far: transactions of the writer thread and writes to the pending
    /// log (not the transactions that apply the backlog). Fewer than the submissions when group
    /// commit groups them.
    public var commitCount: Int {
        condition.withLock { state.commitCount }
    }

    /// For tests, simulating a full disk: lets the database grow by only `pages` more pages from
    /// the next group on (nil lifts the limit). SQLite then fails writes with SQLITE_FULL, as it
    /// does when the disk is full.
    func limitGrowth(toPages pages: Int64?) {
        condition.withLock {
            state.growthLimit = .some(pages)
            state.growthLimited = pages != nil
        }
    }

    /// Whether the writer thread has nothing queued and is not committing (for tests that need
    /// the next call on their thread to find the connection free).
    var isIdle: Bool {
        condition.withLock { state.queued.isEmpty && !state.isCommitting }
    }

    /// Whether the caller is the writer thread itself; `condition` must be locked.
    private var isWriterThread: Bool { state.thread === Thread.current }

    private func run() {
        while let work = nextWork(), let committer {
            var checkpoint = work.checkpoint
            if work.holdsTurn {
                if let growthLimit = work.growthLimit { committer.limitGrowth(toPages: growthLimit) }
                // What the pending log holds goes first: the queue came after it.
                if let failure = apply(work.pending, on: committer) {
                    if let last = work.submissions.last?.ticket {
                        report(GroupOutcome(reports: [(last, .failure(failure))], groupFailure: failure))
                    }
                } else {
                    commit(work.submissions, on: committer)
                }
                if committer.foldIsDue { committer.fold() }
                checkpoint = checkpoint || committer.checkpointIsDue
                condition.withLock { state.isCommitting = false }
            }
            // Without the turn: commits go on, on the caller's thread, while the WAL is copied.
            if checkpoint { checkpointer?.run() }
        }
        checkpointer = nil
        condition.withLock {
            if state.pending.isEmpty { pendingLog?.remove() }
            committer = nil
            state.hasStopped = true
            condition.broadcast()
        }
    }

    /// Applies `entries` of the pending log to the database, in groups of at most
    /// ``maximumWritesPerCommit`` writes, each recording the last sequence number it holds, and
    /// forgets them in the backlog and the log. Returns the failure that stopped it: the rest
    /// stays in the backlog for the next time, and everything queued behind it fails.
    private func apply(_ entries: [PendingBacklog.Entry], on committer: GroupCommitter) -> StorageError? {
        for range in entries.groups(ofAtMost: maximumWritesPerCommit, writes: { $0.submission.writes.count }) {
            let group = entries[range]
            let outcome = committer.commit(
                ArraySlice(group.map { $0.submission }), now: Self.millisecondsSince1970(), pendingThrough: group.last?.sequence)
            let failure = outcome.groupFailure
            condition.withLock {
                if let failure {
                    state.pending.failedToApply(retryAt: Date().addingTimeInterval(Self.retryInterval))
                    state.backlogFailure = failure
                } else {
                    state.backlogFailure = nil
                    // Refused for its own content after it was reported: kept as the last
                    // failure until a later group commits, so that it is not silent.
                    state.lastFailure =
                        outcome.reports.lazy.compactMap { report -> StorageError? in
                            guard case .failure(let refusal) = report.outcome else { return nil }
                            return refusal
                        }.first
                    let bytes = state.pending.removeApplied(group.count, at: Date())
                    do throws(StorageError) { try pendingLog?.dropApplied(bytes: bytes) } catch { state.lastFailure = error }
                }
                if state.flushWaiters > 0 { condition.broadcast() }
            }
            if let failure { return failure }
        }
        return nil
    }

    /// Commits `submissions` in groups of at most ``maximumWritesPerCommit`` writes.
    private func commit(_ submissions: [Submission], on committer: GroupCommitter) {
        for range in submissions.groups(ofAtMost: maximumWritesPerCommit, writes: { $0.writes.count }) {
            report(committer.commit(submissions[range], now: Self.millisecondsSince1970()))
        }
    }

    /// Waits for work and takes all of it, with the turn when it commits; nil once closing with
    /// nothing left to commit (or a backlog that failed to apply, left in the pending log).
    private func nextWork() -> WriterWork? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            var work = WriterWork()
            let gaveUp = state.failuresAtClose.map { state.pending.failedAttempts > $0 } ?? false
            // Not while the caller reports (its report comes first), nor unless handed over: turns
            // taken along with a backlog would wait for the whole batch, and later turns for them.
            let mayTake = state.handed || state.flushWaiters > 0 || state.isClosing
            let queued = state.reportInFlight || !mayTake ? [] : state.queued
            if !state.isCommitting, !queued.isEmpty || (pendingIsDue && !gaveUp) || state.foldDue {
                work = WriterWork(
                    pending: state.pending.entries, submissions: queued, growthLimit: state.growthLimit, holdsTurn: true)
                state.queued.removeFirst(queued.count)
                if !queued.isEmpty { state.handed = false }
                state.foldDue = false
                state.growthLimit = nil
                state.isCommitting = true
                if let last = work.submissions.last { state.takenThrough = last.ticket.number }
            }
            if state.checkpointDue, !state.isClosing {
                work.checkpoint = true
                state.checkpointDue = false
            }
            if work.holdsTurn || work.checkpoint { return work }
            if state.isClosing, !state.isCommitting, !state.reportInFlight, state.queued.isEmpty, state.pending.isEmpty || gaveUp
            {
                return nil
            }
            if let since = state.pending.since, !gaveUp {
                _ = condition.wait(until: since.addingTimeInterval(pendingDelay))
            } else {
                condition.wait()
            }
        }
    }

    /// Wakes the writer thread for the queue, now its to take; `condition` must be locked.
    private func handQueueOver() {
        state.handed = true
        condition.broadcast()
    }

    /// Whether the writer thread should apply the pending backlog now; `condition` must be locked.
    private var pendingIsDue: Bool {
        guard let since = state.pending.since else { return false }
        return state.isClosing || state.flushWaiters > 0 || state.pending.writes >= Self.pendingWritesApplied
            || Date().timeIntervalSince(since) >= pendingDelay
    }

    private func report(_ outcome: GroupOutcome) {
        for (through, result) in outcome.reports {
            onCommit(through, result)
        }
        condition.withLock {
            if outcome.committed { state.commitCount += 1 }
            state.lastFailure = outcome.groupFailure
            if let last = outcome.reports.last { state.lastReported = max(state.lastReported, last.through.number) }
            // Not for nobody: the writer thread waits on the same condition, and would wake.
            if state.flushWaiters > 0 { condition.broadcast() }
        }
    }
}
