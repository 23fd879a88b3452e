/// A WebSocket close code the application sends (RFC 6455 §7.4, and the private 4000–4999 range
/// for FocusSync's own): the server's, and the two the page closes with. The transport's
/// `CloseCode` has the same raw values.
public enum WireCloseCode: UInt16, Sendable, CaseIterable, CustomStringConvertible {
    /// The page closes its socket on purpose (it leaves, or a test drops the connection).
    case normalClosure = 1000
    /// The server is shutting down.
    case goingAway = 1001
    /// No `hello` in time, sustained flooding, or a connection that stops reading before it joined.
    case policyViolation = 1008
    /// The page heard nothing from the server for too long and gives up on the socket.
    case noAnswer = 4000
    /// Another connection said `hello` with the same client id (a duplicated tab).
    case replaced = 4001
    /// The session in the URL does not exist.
    case unknownSession = 4404
    /// The session is at its client limit.
    case sessionFull = 4409
    /// This server does not hold the session now: it lost or handed over its lease, or could not
    /// take it. Reconnect (through the load balancer, which sends the session to its owner).
    case reconnect = 4503

    public var description: String { String(rawValue) }
}
