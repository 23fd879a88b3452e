/// Many clients joining one session: how long until the last one had its snapshot, and the
/// presence traffic the joins caused.
struct JoinReport: Sendable, Encodable {
    var scenario: String
    var kind = "join"
    /// The `--variant` the server ran with, if any.
    var variant: String?
    var clients: Int
    var joined: Int
    var maxHandshakes: Int
    /// From the first connect to the last snapshot.
    var seconds: Double?
    /// `presence` messages all clients received together, from the first connect until no
    /// message had arrived for 0.3 s, and their payload bytes; and both divided by the joins.
    var presenceMessages: Int
    var presenceBytes: Int
    var presenceMessagesPerJoin: Double
    var presenceBytesPerJoin: Double
    /// The server's CPU time over the same span, and as a share of one core.
    var serverCPUSeconds: Double?
    var serverCPUPercent: Double?
    var generatorCPUPercent: Double?
    var serverCoreOtherLoadPercent: Double?
    var generatorCoreOtherLoadPercent: Double?
    /// Before any client connected, and once the joins had settled.
    var serverRSSBeforeKB: Int?
    var serverRSSJoinedKB: Int?
    var notes: [String]
}
