import FocusProtocol

/// Something that happened to a session, as its host reports it.
public enum SessionInput: Sendable {
    /// A WebSocket to this session completed its handshake, with the capability it used.
    case opened(ConnectionID, role: Role)
    /// A connection sent a message (already read; see `ClientMessage.decode`).
    case received(ClientMessage, from: ConnectionID)
    /// A connection is gone.
    case closed(ConnectionID)
    /// A timer the machine asked for went off.
    case timerFired(SessionTimer)
    /// A connection's outbound queue passed its limit: it is not reading fast enough.
    case fellBehind(ConnectionID)
    /// A connection that fell behind has sent everything it was holding.
    case caughtUp(ConnectionID)
    /// The session's source replaced (`PUT /api/sessions/{id}/source`) by a text the host has
    /// compiled without errors; the same text again changes nothing.
    case replaceSource(String)
    /// The host compiled this text of the source (it asked with ``SessionOutput/compileSource(_:)``);
    /// if members have not edited it since, it becomes the session's source, errors and all.
    case sourceCompiled(String)
    /// How many of the session's viewers other processes serve now (relays' copies, as Redis
    /// counts them; docs/SCALING.md): counted in presence, and the session is not idle while
    /// there are any.
    case viewersElsewhere(Int)
    /// A relay's copy heard its owner's whole count (in the owner's latest live share,
    /// ``LiveShare/presenceCount``): the snapshots of the copy's viewers carry it from now on,
    /// so a viewer joining here sees the whole audience at once. Nothing for a session held here.
    case ownerCount(PresenceCount)
}
