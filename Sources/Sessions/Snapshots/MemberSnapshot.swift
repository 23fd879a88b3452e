import FocusCore
import FocusProtocol

/// A member's own part of a snapshot: everything a `snapshot` message says but the session
/// state, which is the same for every member at one revision and so is encoded once, by the host.
public struct MemberSnapshot: Equatable, Sendable {
    /// The revision whose state completes the snapshot.
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
    /// The carets shared in the source at ``revision``.
    public var carets: [MemberCaret] = []
    /// Who presents and what they steer.
    public var presentation = PresentationState(presenter: nil, settings: PresentationSettings())
    /// The fork shown to the class, if any.
    public var shown: String? = nil

    /// The `snapshot` message, with the state of ``revision``.
    public func message(state: EncodedJSON<SessionSnapshot>) -> SnapshotMessage {
        var message = SnapshotMessage(
            revision: revision, you: you, role: role, state: state, members: members, present: present, log: log)
        message.count = count
        message.earliest = earliest
        message.viewer = viewer
        message.lastSeq = lastSeq
        message.lastSplices = lastSplices
        message.carets = carets
        message.presentation = presentation
        message.shown = shown
        return message
    }
}
