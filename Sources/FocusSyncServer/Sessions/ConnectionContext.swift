import SessionMachine
import WebSocketTransport

/// What the server keeps for one WebSocket connection: the session it opened and its rate
/// limit. Stored in `WebSocketConnection.context`; service thread only.
final class ConnectionContext {
    let session: SessionID
    let connection: ConnectionID
    /// Messages this connection may send.
    private var messages: TokenBucket
    /// Messages it may send over its limit before it counts as flooding and is closed with 1008.
    private var strikes: TokenBucket

    init(session: SessionID, connection: ConnectionID, messagesPerSecond: Int, now: Double) {
        self.session = session
        self.connection = connection
        let rate = Double(messagesPerSecond)
        messages = TokenBucket(rate: rate, burst: rate * 2, now: now)
        strikes = TokenBucket(rate: rate / 2, burst: rate * 2, now: now)
    }

    /// Whether a message arriving `now` may be handled.
    enum Admission { case allowed, limited, flooding }

    func admit(now: Double) -> Admission {
        if messages.take(now: now) { return .allowed }
        return strikes.take(now: now) ? .limited : .flooding
    }
}
