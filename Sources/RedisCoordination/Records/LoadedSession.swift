/// Everything Redis holds about one session, as a new owner loads it: the latest snapshot and
/// the changes after it, in revision order.
public struct LoadedSession: Sendable, Equatable {
    public var metadata: SessionMetadata
    public var snapshot: SnapshotRecord?
    /// The changes with revisions above the snapshot's (all of them when there is no snapshot).
    public var changes: [StreamedChange]
    /// Sorted by client id.
    public var members: [MemberRecord]
    /// The node holding the session's lease when it was loaded, if any.
    public var owner: String?

    public init(
        metadata: SessionMetadata, snapshot: SnapshotRecord?, changes: [StreamedChange], members: [MemberRecord], owner: String?
    ) {
        self.metadata = metadata
        self.snapshot = snapshot
        self.changes = changes
        self.members = members
        self.owner = owner
    }

    /// The revision the session is at once the changes are replayed on the snapshot.
    public var revision: Int64? {
        changes.last?.revision ?? snapshot?.revision
    }
}
