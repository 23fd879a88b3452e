import Sessions
import WebSocketTransport

/// What the server keeps for one WebSocket connection: the session it opened, the connection
/// and its rate limit. Kept as its ``ConnectionAdmission`` and in its ``SessionHost``'s table;
/// service thread only.
///
/// One is kept for every open connection, so it holds only what differs between connections:
/// the buckets' fill levels. Their limits follow from the one message rate.
final class ConnectionContext {
    let session: SessionID
    /// The host serving it: the sessions this process holds, or the relay's copies.
    unowned let host: SessionHost
    /// The WebSocket itself (whose admission refers back here until it closes).
    let socket: WebSocketConnection
    /// The id the session machine knows it by.
    var connection: ConnectionID { ConnectionID(socket.id) }
    /// Messages a second this connection may send (the server's limit).
    private let messagesPerSecond: Double
    /// Messages this connection may send.
    private var messages: TokenBucket
    /// Messages it may send over its limit before it counts as flooding and is closed with 1008.
    private var strikes: TokenBucket
    /// `history` requests, which cost the session up to a timeline interval of replays each.
    private var pasts: TokenBucket
    /// `history` requests a connection may make a second.
    static let historyPerSecond = 10
    private static let historyLimit = TokenBucket.Limit(rate: Double(historyPerSecond), burst: Double(historyPerSecond))

    init(session: SessionID, host: SessionHost, socket: WebSocketConnection, messagesPerSecond: Int, now: Double) {
        self.session = session
        self.host = host
        self.socket = socket
        self.messagesPerSecond = Double(messagesPerSecond)
        messages = TokenBucket(full: Self.messageLimit(self.messagesPerSecond), now: now)
        strikes = TokenBucket(full: Self.strikeLimit(self.messagesPerSecond), now: now)
        pasts = TokenBucket(full: Self.historyLimit, now: now)
    }

    /// Whether a message arriving `now` may be handled.
    enum Admission { case allowed, limited, flooding }

    func admit(now: Double) -> Admission {
        if messages.take(now: now, limit: Self.messageLimit(messagesPerSecond)) { return .allowed }
        return strikes.take(now: now, limit: Self.strikeLimit(messagesPerSecond)) ? .limited : .flooding
    }

    /// Whether a `history` request arriving `now` may be answered.
    func admitHistory(now: Double) -> Bool {
        pasts.take(now: now, limit: Self.historyLimit)
    }

    /// The rate, with a burst of two seconds' worth.
    private static func messageLimit(_ rate: Double) -> TokenBucket.Limit {
        TokenBucket.Limit(rate: rate, burst: rate * 2)
    }

    /// Half the rate over it, with the same burst.
    private static func strikeLimit(_ rate: Double) -> TokenBucket.Limit {
        TokenBucket.Limit(rate: rate / 2, burst: rate * 2)
    }
}
