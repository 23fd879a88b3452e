/// What the coordinator tells its owner, always on the coordinator's own thread (hop to the
/// service thread with `WebSocketServer.execute`).
public struct RedisCoordinatorEvents: Sendable {
    /// Every write whose ticket is at most `through` is settled: stored in Redis, or listed in the
    /// outcome as not stored. Tickets are settled in order, one report per round trip that
    /// carried writes.
    public var onCommit: @Sendable (_ through: WriteTicket, _ outcome: CommitOutcome) -> Void
    /// A lease this node held is no longer its own: stop accepting changes for the session.
    public var onLeaseLost: @Sendable (LostLease) -> Void
    /// Redis became reachable (`ok`) or unreachable (`degraded`).
    public var onHealthChange: @Sendable (CoordinatorHealth) -> Void
    /// Another node asked for a session whose lease this node holds: HAProxy sends the
    /// session's new clients there (a node came back, so the hash points at it again). Give the
    /// session up: wait for its writes to settle, release the lease, close its connections so
    /// the clients reconnect to that node. Reported once per node and lease, at a renewal.
    public var onHandoffRequested: @Sendable (_ lease: Lease, _ node: String) -> Void
    /// How many viewers of a session whose lease this node holds other nodes serve
    /// (``RedisCoordinator/reportAudience(of:viewers:for:_:)``), read at a renewal: reported when
    /// it changes, and at the first renewal of a lease when it is not 0.
    public var onAudience: @Sendable (_ lease: Lease, _ viewersElsewhere: Int) -> Void

    public init(
        onCommit: @escaping @Sendable (_ through: WriteTicket, _ outcome: CommitOutcome) -> Void,
        onLeaseLost: @escaping @Sendable (LostLease) -> Void,
        onHealthChange: @escaping @Sendable (CoordinatorHealth) -> Void = { _ in },
        onHandoffRequested: @escaping @Sendable (_ lease: Lease, _ node: String) -> Void = { _, _ in },
        onAudience: @escaping @Sendable (_ lease: Lease, _ viewersElsewhere: Int) -> Void = { _, _ in }
    ) {
        self.onCommit = onCommit
        self.onLeaseLost = onLeaseLost
        self.onHealthChange = onHealthChange
        self.onHandoffRequested = onHandoffRequested
        self.onAudience = onAudience
    }
}
