import FocusProtocol

/// What membership asks of the session: most are the session's own outputs; `welcome` asks it
/// to send a joined member its snapshot, which membership alone cannot make.
enum MembershipOutput: Sendable, Equatable {
    case welcome(ConnectionID, clientId: String, role: Role)
    case refuse(ConnectionID, ProtocolError)
    case close(ConnectionID, WireCloseCode, reason: String)
    case dropBacklog(ConnectionID)
    case schedule(SessionTimer, afterMilliseconds: Int)
    case cancel(SessionTimer)
    case persist(DurableMember)
    case presence(PresenceMessage)
    /// The member's last connection closed: what it had in the session (its caret) goes.
    case departed(MemberID)
}
