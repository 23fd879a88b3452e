/// The session's recent past, kept so anyone can step back through it: the last changes, and a
/// checkpoint (the session as it was) every ``interval`` changes. The state at a revision is the
/// nearest checkpoint at or before it with the changes after it applied again, so answering costs
/// at most ``interval`` replays however long the session runs.
///
/// Holds at least ``capacity`` changes and fewer than ``capacity`` + 2 × ``interval``: once the
/// second checkpoint is ``capacity`` changes old, the oldest checkpoint and the changes it covers go.
struct Timeline: Sendable {
    /// Changes kept at least (fewer only since the session began or was restored).
    let capacity: Int
    /// Changes between checkpoints.
    let interval: Int
    /// Oldest first; never empty.
    private var checkpoints: [DurableSession]
    /// Every change after the oldest checkpoint, in revision order.
    private var changes: [ChangeRecord] = []

    /// A timeline that starts at `start`.
    init(start: DurableSession, capacity: Int, interval: Int) {
        precondition(capacity > 0 && interval > 0, "a timeline keeps at least one change between checkpoints")
        self.capacity = capacity
        self.interval = interval
        checkpoints = [start]
    }

    /// The earliest revision the timeline can rebuild.
    var earliest: Int { checkpoints[0].revision }

    /// The latest revision it knows.
    var latest: Int { changes.last?.revision ?? checkpoints[0].revision }

    /// Whether the session should hand over a checkpoint now that it is at `latest`.
    var wantsCheckpoint: Bool { latest - checkpoints[checkpoints.count - 1].revision >= interval }

    /// Keeps an applied change (the next revision).
    mutating func append(_ change: ChangeRecord) {
        changes.append(change)
    }

    /// Keeps the session as it is at ``latest`` and lets go of what is older than ``capacity``.
    mutating func checkpoint(_ session: DurableSession) {
        checkpoints.append(session)
        guard checkpoints.count > 1, latest - checkpoints[1].revision >= capacity else { return }
        let dropped = checkpoints.removeFirst()
        changes.removeFirst(checkpoints[0].revision - dropped.revision)
    }

    /// Where to start rebuilding `revision` (clamped to what is kept) and the changes to apply
    /// again after it.
    func rebuilding(_ revision: Int) -> (revision: Int, start: DurableSession, changes: ArraySlice<ChangeRecord>) {
        let target = min(max(revision, earliest), latest)
        let start = checkpoints.last { $0.revision <= target } ?? checkpoints[0]
        let from = start.revision - earliest
        return (target, start, changes[from..<(target - earliest)])
    }
}
