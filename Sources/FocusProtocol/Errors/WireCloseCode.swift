/// A WebSocket close code the application sends (RFC 6455 §7.4, and the private 4000–4999 range
/// for FocusSync's own). The transport's `CloseCode` has the same raw values.
public struct WireCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The server is shutting down.
    public static let goingAway = WireCloseCode(rawValue: 1001)
    /// No `hello` in time, sustained flooding, or a connection that stops reading before it joined.
    public static let policyViolation = WireCloseCode(rawValue: 1008)
    /// Another connection said `hello` with the same client id (a duplicated tab).
    public static let replaced = WireCloseCode(rawValue: 4001)
    /// The session in the URL does not exist.
    public static let unknownSession = WireCloseCode(rawValue: 4404)
    /// The session is at its client limit.
    public static let sessionFull = WireCloseCode(rawValue: 4409)
    /// This server does not hold the session now: it lost or handed over its lease, or could not
    /// take it. Reconnect (through the load balancer, which sends the session to its owner).
    public static let reconnect = WireCloseCode(rawValue: 4503)

    public var description: String { String(rawValue) }
}
