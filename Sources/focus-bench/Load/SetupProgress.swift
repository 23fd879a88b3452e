/// How far the load generator's connections have got, and when the last message arrived.
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

    var isSettled: Bool { joined + failed >= total }
}
