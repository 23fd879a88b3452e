/// What one group commit did: the reports to hand to `onCommit`, in ticket order, and the
/// failure that stopped the whole group, if one did.
struct GroupOutcome {
    /// Each report covers the tickets after the previous one's, through its own.
    var reports: [(through: StorageTicket, outcome: Result<Void, StorageError>)]
    /// Set when nothing of the group was stored (disk full, I/O error…), as opposed to single
    /// submissions refused for their own content (a duplicate revision, an unknown session).
    var groupFailure: StorageError?
    var committed: Bool { groupFailure == nil }
}
