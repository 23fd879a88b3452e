import FocusProtocol

/// What the host must do after an input, in order.
public enum SessionOutput: Sendable, Equatable {
    /// Send `message` on one connection.
    case send(ServerMessage, to: ConnectionID)
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
}
