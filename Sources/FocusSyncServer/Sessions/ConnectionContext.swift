import Sessions
import WebSocketTransport

/// What the server keeps for one WebSocket connection: the session it opened and its rate
/// limit. Kept as its ``ConnectionAdmission``; service thread only.
final class ConnectionContext {
    let session: SessionID
    /// The host serving it: the sessions this process holds, or the relay's copies.
    unowned let host: SessionHost
    let connection: ConnectionID
    /// Messages this connection may send.
    private var messages: TokenBucket
    /// Messages it may send over its limit before it counts as flooding and is closed with 1008.
    private var strikes: TokenBucket
    /// `history` requests, which cost the session up to a timeline interval of replays each.
    private var pasts: TokenBucket
    /// `history` requests a connection may make a second.
    static let historyPerSecond = 10

    init(session: SessionID, host: SessionHost, connection: ConnectionID, messagesPerSecond: Int, now: Double) {
        self.session = session
        self.host = host
        self.connection = connection
        let rate = Double(messagesPerSecond)
        messages = TokenBucket(rate: rate, burst: rate * 2, now: now)
        strikes = TokenBucket(rate: rate / 2, burst: rate * 2, now: now)
        let history = Double(Self.historyPerSecond)
        pasts = TokenBucket(rate: history, burst: history, now: now)
    }

    /// Whether a message arriving `now` may be handled.
    enum Admission { case allowed, limited, flooding }

    func admit(now: Double) -> Admission {
        if messages.take(now: now) { return .allowed }
        return strikes.take(now: now) ? .limited : .flooding
    }

    /// Whether a `history` request arriving `now` may be answered.
    func admitHistory(now: Double) -> Bool {
        pasts.take(now: now)
    }
}
