/// One connection's keepalive bookkeeping, in ticks of its server's ``KeepaliveWheel``.
struct KeepaliveState {
    /// The tick of the last PONG (or of the opening handshake).
    var lastPong: Int
    /// The tick the unanswered PING went out, if one is outstanding.
    var pingSent: Int?
    /// Ticks this connection's PINGs come early, so connections opened together are not
    /// all pinged in the same tick.
    let jitter: Int
    /// The tick of the wheel slot that holds the connection, while one does.
    var wheelTick: Int?

    init(openedAt tick: Int, jitter: Int) {
        lastPong = tick
        self.jitter = jitter
    }

    /// True while a PING has gone out that no PONG has answered yet. (A PONG in the tick its
    /// PING went out answers it: ticks are coarser than a round trip.)
    var isAwaitingPong: Bool {
        guard let pingSent else { return false }
        return pingSent > lastPong
    }
}

/// What the wheel wants done to a connection.
enum KeepaliveAction: Equatable {
    /// Send a PING.
    case ping
    /// No PONG within the hang-up time: drop the connection without a close frame.
    case hangUp
}

/// A connection the keepalive wheel looks after.
protocol KeepaliveMember: AnyObject {
    var keepalive: KeepaliveState { get set }
    /// False once the connection is closing; the wheel then forgets it when its slot comes round
    /// (or at once, with ``KeepaliveWheel/remove(_:)``).
    var needsKeepalive: Bool { get }
}
