/// How far the load generator's connections have got, and what joining cost in messages.
struct SetupProgress: Sendable {
    var total = 0
    /// Connections that said hello and received their snapshot.
    var joined = 0
    var failed = 0
    /// The first reason a connection failed, for the report.
    var firstFailure: String?
    /// Any message, on ``MonotonicClock``.
    var lastMessageAt: UInt64 = 0
    var messagesReceived = 0
    /// When the first connection was started and when the last snapshot of a join arrived.
    var firstConnectAt: UInt64?
    var lastJoinAt: UInt64?
    /// `presence` messages received by every client together, and their payload bytes.
    var presenceMessages = 0
    var presenceBytes = 0

    var isSettled: Bool { joined + failed >= total }
}
