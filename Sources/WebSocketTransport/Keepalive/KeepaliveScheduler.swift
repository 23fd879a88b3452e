import CLibWebSockets

/// Runs one server's ``KeepaliveWheel`` on one timer and writes its PINGs.
///
/// libwebsockets' own keepalive is off (the context's retry policy has a zero hang-up time): in
/// 4.1.6 it writes its PING payload into the buffer that holds a PONG still owed to the client.
/// Service thread only.
final class KeepaliveScheduler {
    private let loop: ServiceLoop
    private let isEnabled: Bool
    private var wheel: KeepaliveWheel<WebSocketConnection>
    private var timer: ScheduledWork?
    private let tick: Duration
    private let epoch = ContinuousClock.now
    /// `LWS_PRE` headroom and the payload of a PING: its own buffer, never the one
    /// libwebsockets keeps a PONG in.
    private let pingFrame: UnsafeMutableRawPointer
    /// A PING carries the current tick. Not empty: libwebsockets 4.1.6 reports no
    /// `LWS_CALLBACK_RECEIVE_PONG` for an empty PONG, so an empty PING could never be answered.
    private static let pingPayloadBytes = 8

    init(configuration: WebSocketServerConfiguration, loop: ServiceLoop) {
        self.loop = loop
        isEnabled = configuration.pingAfterSeconds > 0 && configuration.hangupSeconds > 0
        let interval = Duration.seconds(Int(configuration.pingAfterSeconds))
        tick = min(.seconds(1), max(.milliseconds(100), interval / 10))
        wheel = KeepaliveWheel(
            pingAfter: Int((interval / tick).rounded(.up)),
            hangUpAfter: Int((Duration.seconds(Int(configuration.hangupSeconds)) / tick).rounded(.up)),
            now: 0)
        pingFrame = .allocate(byteCount: OutboundMessage.headroom + Self.pingPayloadBytes, alignment: 16)
    }

    deinit {
        pingFrame.deallocate()
    }

    /// The wheel's current tick.
    var now: Int {
        Int(epoch.duration(to: .now) / tick)
    }

    /// The keepalive state of a connection opening now.
    func state(forConnection id: UInt64) -> KeepaliveState {
        KeepaliveState(openedAt: now, jitter: wheel.jitter(for: id))
    }

    /// Starts pinging an open connection.
    func watch(_ connection: WebSocketConnection) {
        guard isEnabled else { return }
        wheel.add(connection)
        scheduleTick()
    }

    /// Stops pinging a connection that closed.
    func forget(_ connection: WebSocketConnection) {
        wheel.remove(connection)
    }

    /// Writes a PING from the scheduler's own buffer, in a writeable callback.
    func writePing(on wsi: OpaquePointer) -> Bool {
        let payload = pingFrame + OutboundMessage.headroom
        payload.storeBytes(of: UInt64(truncatingIfNeeded: now).bigEndian, as: UInt64.self)
        return lws_write(wsi, payload.assumingMemoryBound(to: UInt8.self), Self.pingPayloadBytes, LWS_WRITE_PING) >= 0
    }

    /// One timer for the whole wheel, running while it holds connections.
    private func scheduleTick() {
        guard timer == nil, !wheel.isEmpty else { return }
        timer = loop.schedule(after: tick) { [self] in
            timer = nil
            for (connection, action) in wheel.advance(to: now) {
                switch action {
                case .ping: connection.sendKeepalivePing()
                case .hangUp: connection.hangUp()
                }
            }
            scheduleTick()
        }
    }
}
