/// The bounds the command line sets on sessions and their clients.
public struct SessionLimits: Sendable, Equatable {
    /// A session with no clients for this long is forgotten.
    public var idleTTLSeconds: Double = 24 * 60 * 60
    public var maxSessions = 1000
    public var maxClientsPerSession = 2000
    /// Messages a second each connection may send (token bucket; the burst is twice this).
    public var messagesPerSecond = 100

    public init() {}
}
