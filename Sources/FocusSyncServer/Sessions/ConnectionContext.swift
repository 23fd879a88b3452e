import WebSocketTransport

/// What the server knows about one WebSocket connection: its session, who it is once it said
/// `hello`, and its rate limit. Stored in `WebSocketConnection.context`; service thread only.
final class ConnectionContext {
    let session: Session
    var identity: ClientIdentity?
    /// Messages this connection may send.
    var messages: TokenBucket
    /// Messages it may send over its limit before it counts as flooding and is closed with 1008.
    var strikes: TokenBucket

    init(session: Session, messagesPerSecond: Int, now: Double) {
        self.session = session
        let rate = Double(messagesPerSecond)
        messages = TokenBucket(rate: rate, burst: rate * 2, now: now)
        strikes = TokenBucket(rate: rate / 2, burst: rate * 2, now: now)
    }

    /// Decides whether a message arriving `now` may be handled.
    enum Admission { case allowed, limited, flooding }

    func admit(now: Double) -> Admission {
        if messages.take(now: now) { return .allowed }
        return strikes.take(now: now) ? .limited : .flooding
    }
}
