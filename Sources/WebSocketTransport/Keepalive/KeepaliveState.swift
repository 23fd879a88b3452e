/// One connection's keepalive bookkeeping, in ticks of its server's ``KeepaliveWheel``.
///
/// Every open connection holds one, so the ticks are stored in 32 bits (24 bytes instead of 48):
/// a tick is at least 100 ms (see ``KeepaliveScheduler``), so they last for more than six years
/// of uptime.
struct KeepaliveState {
    private var lastPongTick: Int32
    private var pingSentTick: Int32?
    private let jitterTicks: Int32
    private var wheelSlotTick: Int32?

    /// The tick of the last PONG (or of the opening handshake).
    var lastPong: Int {
        get { Int(lastPongTick) }
        set { lastPongTick = Int32(truncatingIfNeeded: newValue) }
    }
    /// The tick the unanswered PING went out, if one is outstanding.
    var pingSent: Int? {
        get { pingSentTick.map(Int.init) }
        set { pingSentTick = newValue.map { Int32(truncatingIfNeeded: $0) } }
    }
    /// Ticks this connection's PINGs come early, so connections opened together are not
    /// all pinged in the same tick.
    var jitter: Int { Int(jitterTicks) }
    /// The tick of the wheel slot that holds the connection, while one does.
    var wheelTick: Int? {
        get { wheelSlotTick.map(Int.init) }
        set { wheelSlotTick = newValue.map { Int32(truncatingIfNeeded: $0) } }
    }

    init(openedAt tick: Int, jitter: Int) {
        lastPongTick = Int32(truncatingIfNeeded: tick)
        jitterTicks = Int32(truncatingIfNeeded: jitter)
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
