import Foundation

/// What a ``StorageWriter``'s threads share, only touched while its condition is locked.
struct WriterQueueState {
    var queued: [Submission] = []
    /// The queue is the writer thread's to take: a submitter woke it for the queue, or the caller
    /// of ``StorageWriter/commitQueuedHere(upTo:)`` could not make it durable itself.
    var handed = false
    var lastIssued: UInt64 = 0
    var lastReported: UInt64 = 0
    var commitCount = 0
    var lastFailure: StorageError?
    /// Why the pending backlog last failed to apply, until an apply succeeds: the caller makes
    /// nothing more durable in the pending log meanwhile.
    var backlogFailure: StorageError?
    /// The caller of ``StorageWriter/commitQueuedHere(upTo:)`` is reporting what it made durable: the writer
    /// thread takes no queued submission until it is done, so reports stay in ticket order.
    var reportInFlight = false
    /// Failed applies when ``StorageWriter/close()`` began: one more failure and the backlog stays in the
    /// pending log, for the next writer or open.
    var failuresAtClose: Int?
    var growthLimit: Int64??
    /// A test limits the database's growth: submissions wait for the writer thread, which
    /// reports the failures.
    var growthLimited = false
    var isClosing = false
    /// The writer thread is committing, applying the backlog or folding.
    var isCommitting = false
    /// The last ticket the writer thread took: until it is reported, the caller may not
    /// report later ones before it.
    var takenThrough: UInt64 = 0
    /// Reported, in the pending log, not yet in the database.
    var pending = PendingBacklog()
    var nextSequence: Int64 = 1
    /// When the caller of ``StorageWriter/commitQueuedHere(upTo:)`` last made something durable.
    var lastMadeDurable = Date()
    /// A commit on the caller's thread left a fold to the writer thread.
    var foldDue = false
    /// A commit left the WAL long enough for a checkpoint, which the writer thread runs.
    var checkpointDue = false
    /// Threads waiting in ``StorageWriter/flush()``: a commit wakes them, and only then the writer too.
    var flushWaiters = 0
    var hasStopped = false
    var thread: Thread?
}
