/// Where a WebSocket connection is in its life, from the server's side. Close codes are their
/// wire numbers: a concrete type, so the machine compiles to concrete code in the transport
/// (a machine generic over the code ran unspecialized there, on every message).
public enum ConnectionPhase: Equatable, Sendable {
    case open
    /// The server asked to close; its close frame goes out at the next writeable callback
    /// (once the queue has drained when `flush`).
    case closing(code: UInt16, reason: String, flush: Bool)
    /// The server's close frame went out (or libwebsockets sent its own); the peer's answer is awaited.
    case closeSent(UInt16)
    /// The peer's close frame came in (its code, if it sent one), or the peer is gone.
    case peerClosed(UInt16?)
    /// The connection is gone, or a write to it failed.
    case closed
}
