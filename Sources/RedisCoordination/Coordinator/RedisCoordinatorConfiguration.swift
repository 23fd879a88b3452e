/// How a coordinator reaches Redis and how patient it is; defaults suit one machine.
public struct RedisCoordinatorConfiguration: Sendable {
    public var url: RedisURL
    /// This process's node id (`--node-id`): lease values and `/healthz` name it.
    public let nodeID: String
    /// Longest wait to open a connection.
    public var connectTimeout: Duration = .milliseconds(500)
    /// Longest wait for the replies of one round trip.
    public var commandTimeout: Duration = .milliseconds(500)
    /// First wait before reconnecting; doubled after each failed attempt up to the maximum.
    public var reconnectDelay: Duration = .milliseconds(50)
    public var maximumReconnectDelay: Duration = .seconds(1)
    /// An idle connection is checked with `PING` this often, so `health` stays current.
    public var probeInterval: Duration = .seconds(1)
    /// How long a session's keys outlive its last write or lease renewal; use at least
    /// `--session-ttl`, so Redis forgets only sessions the owner would have forgotten too.
    public var retention: Duration = .seconds(86_400)
    /// Most writes waiting for Redis at once; one more is refused with
    /// ``RedisCoordinationError/pendingWritesFull(limit:url:)`` (nothing queued is dropped).
    public var pendingWriteLimit = 10_000
    /// Most requests in one round trip.
    public var batchLimit = 512
    /// Stream entries read per command when loading a session.
    public var loadPageSize = 1_000

    /// Checks the node id (``check(nodeID:)``).
    public init(url: RedisURL, nodeID: String) throws(RedisCoordinationError) {
        try Self.check(nodeID: nodeID)
        self.url = url
        self.nodeID = nodeID
    }

    /// Refuses a node id that is not 1 to 64 ASCII letters, digits, `.`, `_` or `-`.
    public static func check(nodeID: String) throws(RedisCoordinationError) {
        let allowed = nodeID.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || "._-".utf8.contains(byte)
        }
        guard (1...64).contains(nodeID.utf8.count), allowed else { throw .invalidNodeID(nodeID) }
    }

    /// How long the coordinator's thread can be blocked in one connect and one round trip;
    /// leases are given up this long before they lapse in Redis.
    var leaseSafetyMargin: Duration { connectTimeout + commandTimeout }
}
