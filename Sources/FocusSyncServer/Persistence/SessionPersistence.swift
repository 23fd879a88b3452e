import Sessions

/// Where sessions are kept so that a restart, a crash or the loss of a process loses nothing
/// anyone saw. Writes are grouped and committed on a thread of the store's own, or by
/// ``startWriting()`` on the service thread itself; the store reports each commit through the
/// handler it was opened with, on the thread that committed it.
protocol SessionPersistence: AnyObject, Sendable {
    /// Queues `writes` (never blocks) and returns the ticket their commit will be reported under.
    /// The store may leave them queued until ``startWriting()``.
    func submit(_ writes: [PersistenceWrite]) -> UInt64
    /// Whether the store leaves submissions queued until ``startWriting()``.
    var waitsToStartWriting: Bool { get }
    /// Starts on everything submitted: called once after the submissions of one turn of the
    /// service loop, so that they commit together.
    func startWriting()
    /// Every stored session, rebuilt with `rebuild` (the same configuration and compiler
    /// as new sessions get) and its changes replayed, on as many threads as there are cores.
    /// Call once, before serving.
    func restore(rebuild: @Sendable (DurableSession) -> SessionMachine?) throws(PersistenceError) -> [RestoredSession]
    /// Commits everything submitted and stops.
    func close()
    /// What `/healthz` says about the store.
    var health: PersistenceHealth { get }
    /// Whether what clients see waits for the store to commit the changes before it (the
    /// ``CommitBarrier``); false while the store cannot commit for a while (docs/SCALING.md).
    var deliveriesWaitForCommit: Bool { get }
}

extension SessionPersistence {
    var deliveriesWaitForCommit: Bool { true }
    /// For a store that starts on every submission at once.
    var waitsToStartWriting: Bool { false }
    func startWriting() {}
}

/// A session as the store had it, rebuilt: the machine, and what went wrong rebuilding it.
struct RestoredSession: Sendable {
    var machine: SessionMachine
    /// Changes that could not be applied again (the session stops at the last one that could).
    var problem: String?
}

/// The state of the store, for `/healthz`.
struct PersistenceHealth: Encodable, Sendable {
    /// `sqlite` (with its file), `redis` (with its URL) or `memory`.
    var kind: String
    var location: String?
    /// False while the last commit failed.
    var healthy: Bool
    /// The sentence of the last failure, if the store is not healthy.
    var error: String?
}

/// Why the store could not be opened or read at start.
struct PersistenceError: Error, Sendable, CustomStringConvertible {
    var description: String
}
