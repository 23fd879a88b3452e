/// Which sessions are forks of which (the class view), and which forks changed since their
/// parent's roster was last sent. A plain value: marking a change is one dictionary lookup and
/// one set insert, so the roster's cost follows the number of changes, not the number of forks.
public struct ForkLinks: Sendable {
    /// Each parent's forks, oldest first.
    private var children: [SessionID: [SessionID]] = [:]
    private var parents: [SessionID: SessionID] = [:]
    /// Per parent, the forks that changed since its last roster.
    private var changed: [SessionID: Set<SessionID>] = [:]

    public init() {}

    /// The forks of `parent`, oldest first.
    public func forks(of parent: SessionID) -> [SessionID] {
        children[parent] ?? []
    }

    /// The session `fork` was forked from, if it is a fork this registry links.
    public func parent(of fork: SessionID) -> SessionID? {
        parents[fork]
    }

    /// Whether a roster change waits to be sent.
    public var hasChanges: Bool { !changed.isEmpty }

    /// Links `fork` to `parent` (a new fork, or one restored); its first roster entry is due.
    mutating func link(_ fork: SessionID, to parent: SessionID) {
        guard parents[fork] == nil else { return }
        parents[fork] = parent
        children[parent, default: []].append(fork)
        changed[parent, default: []].insert(fork)
    }

    /// Forgets `session` as a fork (it expired or moved away). Its own forks stay linked to it:
    /// they are sessions of their own and it may be held here again.
    mutating func unlink(_ session: SessionID) {
        guard let parent = parents.removeValue(forKey: session) else { return }
        children[parent]?.removeAll { $0 == session }
        if children[parent]?.isEmpty == true { children[parent] = nil }
        changed[parent]?.remove(session)
        if changed[parent]?.isEmpty == true { changed[parent] = nil }
    }

    /// Notes that `session` changed; `true` when it is a fork (its parent's roster is due).
    mutating func noteChange(of session: SessionID) -> Bool {
        guard let parent = parents[session] else { return false }
        changed[parent, default: []].insert(session)
        return true
    }

    /// The forks that changed, per parent, in each parent's fork order; none wait afterwards.
    mutating func takeChanges() -> [(parent: SessionID, forks: [SessionID])] {
        let taken = changed
        changed.removeAll(keepingCapacity: true)
        return taken.map { parent, forks in
            let ordered = children[parent]?.filter(forks.contains) ?? []
            return (parent, ordered.count == forks.count ? ordered : Array(forks))
        }
    }
}
