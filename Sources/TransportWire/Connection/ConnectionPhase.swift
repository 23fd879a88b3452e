/// Where a WebSocket connection is in its life, from the server's side. `Code` is the
/// transport's close code type.
public enum ConnectionPhase<Code: Equatable & Sendable>: Equatable, Sendable {
    case open
    /// The server asked to close; its close frame goes out at the next writeable callback
    /// (once the queue has drained when `flush`).
    case closing(code: Code, reason: String, flush: Bool)
    /// The server's close frame went out (or libwebsockets sent its own); the peer's answer is awaited.
    case closeSent(Code)
    /// The peer's close frame came in (its code, if it sent one), or the peer is gone.
    case peerClosed(Code?)
    /// The connection is gone, or a write to it failed.
    case closed
}
