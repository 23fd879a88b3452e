/// Everything needed to bring one session back: its metadata, its latest snapshot, the changes
/// after that snapshot (all of them when there is none) in revision order, and its members.
public struct StoredSession: Sendable, Equatable {
    public var id: String
    public var meta: [UInt8]
    /// Milliseconds since 1970 of the last commit that wrote anything of this session, or of one
    /// at most a second before it (a busy session is stamped once a second, not at every commit).
    public var updatedAt: Int64
    public var snapshot: StoredSnapshot?
    public var changes: [StoredChange]
    /// Sorted by client id.
    public var members: [StoredMember]

    public init(
        id: String, meta: [UInt8], updatedAt: Int64, snapshot: StoredSnapshot?, changes: [StoredChange],
        members: [StoredMember]
    ) {
        self.id = id
        self.meta = meta
        self.updatedAt = updatedAt
        self.snapshot = snapshot
        self.changes = changes
        self.members = members
    }

    /// The revision the session is at once the snapshot and changes are applied (0 when empty).
    public var revision: Int64 {
        changes.last?.revision ?? snapshot?.revision ?? 0
    }
}
