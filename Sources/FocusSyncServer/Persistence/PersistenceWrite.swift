import Sessions

/// One thing to keep durably for a session.
enum PersistenceWrite: Sendable {
    /// A new session: its capabilities and first state, before any change of it.
    case create(DurableSession)
    /// An applied change.
    case change(session: SessionID, ChangeRecord)
    /// A tab that joined or took a new name.
    case member(session: SessionID, DurableMember)
    /// The whole session now, so a restore need not replay what came before.
    case snapshot(DurableSession)
    /// The session expired: everything of it goes.
    case delete(SessionID)

    /// The session the write is for.
    var sessionID: SessionID? {
        switch self {
        case .create(let session), .snapshot(let session): SessionID(session.id)
        case .change(let session, _), .member(let session, _), .delete(let session): session
        }
    }
}
