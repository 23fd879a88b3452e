/// The order in which a process that does not hold a session hands the changes its owner
/// publishes to its own copy of the session (a relay serving viewers; docs/SCALING.md).
///
/// Changes may arrive before the copy is built, twice (published and also read from the store),
/// or with a gap (the subscription dropped a message, or reconnected). The feed hands on each
/// revision once, in order; on a gap it asks for the stored changes after the copy's revision,
/// and when those cannot fill it (the store's snapshot is past the copy) it asks for the copy
/// to be built again. A plain value: no sockets, no clock.
public struct RevisionFeed<Change: Sendable>: Sendable {
    /// The copy's revision; nil until it is built (``start(at:)``).
    public private(set) var revision: Int?
    /// Whether stored changes were asked for and have not come yet.
    public private(set) var catchingUp = false
    /// Changes received ahead of the next revision, by revision.
    private var ahead: [Int: Change] = [:]
    /// The subscription was made again while stored changes were being read: what the
    /// subscription missed may be after what that read found, so they are read once more.
    private var readAgain = false

    /// More changes than this waiting ahead of a gap: the copy is built again instead.
    public static var aheadLimit: Int { 4096 }

    /// What the relay does next.
    public enum Request: Sendable, Equatable {
        /// Read the stored changes after ``RevisionFeed/revision`` and hand them to
        /// ``RevisionFeed/caughtUp(base:changes:)``.
        case catchUp(after: Int)
        /// The gap cannot be filled from stored changes: build the copy again from the store.
        case rebuild
    }

    /// What one input asks of the relay: changes to apply to the copy now, in revision order,
    /// then perhaps a request.
    public struct Step: Sendable {
        public var apply: [Change] = []
        public var request: Request?
    }

    public init() {}

    /// The copy was built from the store at `revision`: what arrived meanwhile and follows it
    /// is handed on.
    public mutating func start(at revision: Int) -> Step {
        self.revision = revision
        catchingUp = false
        ahead = ahead.filter { $0.key > revision }
        return drain(afterCatchingUp: false)
    }

    /// A change the owner published, the session at `revision` after it.
    public mutating func receive(_ change: Change, revision changed: Int) -> Step {
        if let revision, changed <= revision { return Step() }
        guard ahead.count < Self.aheadLimit else {
            ahead.removeAll()
            catchingUp = false
            readAgain = false
            return Step(request: .rebuild)
        }
        ahead[changed] = change
        guard revision != nil, !catchingUp else { return Step() }
        return drain(afterCatchingUp: false)
    }

    /// The store's answer to ``Request/catchUp(after:)``: its snapshot's revision (`base`) and the
    /// changes after it, in order.
    public mutating func caughtUp(base: Int, changes: [(revision: Int, change: Change)]) -> Step {
        catchingUp = false
        let again = readAgain
        readAgain = false
        guard let revision else { return Step() }
        guard base <= revision else {
            ahead.removeAll()
            return Step(request: .rebuild)
        }
        for stored in changes where stored.revision > revision && ahead[stored.revision] == nil {
            ahead[stored.revision] = stored.change
        }
        var step = drain(afterCatchingUp: !again)
        if again && step.request == nil {
            catchingUp = true
            step.request = .catchUp(after: self.revision ?? revision)
        }
        return step
    }

    /// Asks for the stored changes now whatever arrived (the subscription was made again and
    /// may have missed some); while a read is under way, asks again once it is answered. Nothing
    /// to ask before the copy is built: its build reads them.
    public mutating func resubscribed() -> Step {
        guard let revision else { return Step() }
        guard !catchingUp else {
            readAgain = true
            return Step()
        }
        catchingUp = true
        return Step(request: .catchUp(after: revision))
    }

    /// Hands on the changes that follow the copy's revision without a gap, and asks for the
    /// stored changes when one is left. After a catch-up every change up to the store's last
    /// one was read, so a gap left means the store has none for it: the copy is built again.
    private mutating func drain(afterCatchingUp: Bool) -> Step {
        guard var next = revision else { return Step() }
        var step = Step()
        while let change = ahead.removeValue(forKey: next + 1) {
            step.apply.append(change)
            next += 1
        }
        revision = next
        guard !ahead.isEmpty else { return step }
        if afterCatchingUp {
            ahead.removeAll()
            step.request = .rebuild
        } else {
            catchingUp = true
            step.request = .catchUp(after: next)
        }
        return step
    }
}
