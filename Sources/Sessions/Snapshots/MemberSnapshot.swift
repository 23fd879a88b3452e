import FocusCore
import FocusProtocol

/// A member's own part of a snapshot: everything a `snapshot` message says but the schema and
/// the session state, which are the same for every member at one revision and so are encoded
/// once, by the host.
public struct MemberSnapshot: Equatable, Sendable {
    /// The revision whose schema and state complete the snapshot.
    public var revision: Int
    public var you: Member
    public var role: Role
    public var members: [Member]
    public var present: [MemberID]
    public var count: PresenceCount
    public var log: [LogEntry]
    public var earliest: Int
    public var viewer: String?
    public var lastSeq: Int
    public var lastSplices: [String: Int]

    /// The `snapshot` message, with the schema and state of ``revision``.
    public func message(schema: EncodedJSON<Schema>, state: EncodedJSON<SessionSnapshot>) -> SnapshotMessage {
        var message = SnapshotMessage(
            revision: revision, you: you, role: role, schema: schema, state: state, members: members, present: present, log: log)
        message.count = count
        message.earliest = earliest
        message.viewer = viewer
        message.lastSeq = lastSeq
        message.lastSplices = lastSplices
        return message
    }
}
