import FocusProtocol

/// What the host must do after an input, in order.
public enum SessionOutput: Sendable, Equatable {
    /// Send `message` on one connection.
    case send(ServerMessage, to: ConnectionID)
    /// Send one member its snapshot: the member's part is here; the host adds the schema and the
    /// session state at ``MemberSnapshot/revision``, encoded once for every member joining until
    /// the next change (see ``SessionMachine/snapshotMessage(_:)``).
    case sendSnapshot(MemberSnapshot, to: ConnectionID)
    /// Send `message` to every member that is keeping up (``SessionMachine/recipients``).
    case broadcast(ServerMessage)
    /// Close a connection with a code; the machine has already forgotten it.
    case close(ConnectionID, WireCloseCode, reason: String)
    /// Throw away what is queued for a connection that fell behind; it gets one snapshot once
    /// it has caught up.
    case dropBacklog(ConnectionID)
    /// Start a timer (replacing one with the same name).
    case schedule(SessionTimer, afterMilliseconds: Int)
    /// Stop a timer if it has not fired.
    case cancel(SessionTimer)
    /// Store this durably; what follows must reach no client before it is stored.
    case persist(SessionRecord)
    /// Compile this text of the session's source off the service thread, then hand the session
    /// ``SessionInput/sourceCompiled(_:)``: members edited it.
    case compileSource(String)
    /// Log this: the machine could not do part of what the input asked (see ``SessionFault``).
    case fault(SessionFault)
}
