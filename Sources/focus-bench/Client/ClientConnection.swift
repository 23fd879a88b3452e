/// One WebSocket client connection of a ``ClientLoop``: its socket, where it is in its life,
/// and the bytes it holds between reads and writes. Touched only on the loop's thread.
final class ClientConnection {
    enum Phase {
        /// TCP connect under way (the socket turns writable when it is done).
        case connecting
        /// Upgrade request sent, waiting for the 101 answer.
        case upgrading
        case open
        /// Closed and dropped from the loop; events still in flight for it are ignored.
        case ended
    }

    let socket: StreamSocket
    /// What epoll reports this connection's events with: its id and a generation, so an event
    /// for an earlier connection under the same id is not taken for this one's.
    let token: UInt64
    let handshake: ClientHandshake
    var phase = Phase.connecting
    /// Received bytes not yet parsed: part of a frame, or of the handshake answer.
    var inbound: [UInt8] = []
    /// The payloads so far of a fragmented message.
    var fragments: [UInt8] = []
    var isFragmenting = false
    /// Bytes the socket did not take yet; epoll watches for room while there are any.
    var outbound: [UInt8] = []

    init(socket: StreamSocket, token: UInt64, handshake: ClientHandshake) {
        self.socket = socket
        self.token = token
        self.handshake = handshake
    }
}
