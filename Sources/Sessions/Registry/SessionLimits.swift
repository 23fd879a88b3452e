/// The bounds the command line sets on sessions and their clients.
public struct SessionLimits: Sendable, Equatable {
    /// A session with no clients for this long is forgotten.
    public var idleTTLSeconds: Double = 24 * 60 * 60
    public var maxSessions = 1000
    public var maxClientsPerSession = 2000
    /// Messages a second each connection may send (token bucket; the burst is twice this).
    public var messagesPerSecond = 100

    public init() {}

    /// A session nobody ever joined is forgotten after at most this long...
    public static let unjoinedTTLSeconds = 600.0
    /// ...or this long once the server holds 90 % of ``maxSessions``.
    public static let crowdedUnjoinedTTLSeconds = 60.0

    /// The most sessions nobody has joined that one address may hold at once: a tenth of the
    /// slots, and at least ten. A page that opens `/` makes one; filling the server takes many
    /// addresses, not one.
    public var unjoinedSessionsPerAddress: Int { max(10, maxSessions / 10) }
}
