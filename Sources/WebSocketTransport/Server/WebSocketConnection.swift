/// One accepted WebSocket connection. Use it only on the service thread.
public final class WebSocketConnection: @unchecked Sendable {
    /// Unique for the lifetime of the server process; safe to log.
    public let id: UInt64
    /// The upgrade request: path, query (for example `session=…`), headers, peer.
    public let request: HTTPRequest
    /// Free for the application (for example the session this connection belongs to).
    public var context: AnyObject?

    /// Bytes waiting in the outbound queue.
    public var queuedBytes: Int { 0 /* CONTRACT STUB */ }
    /// Messages waiting in the outbound queue.
    public var queuedMessages: Int { 0 /* CONTRACT STUB */ }
    /// True once `close` was called or the peer went away.
    public var isClosing: Bool { false /* CONTRACT STUB */ }

    init(id: UInt64, request: HTTPRequest) {
        self.id = id
        self.request = request
    }

    /// Queues `message`. When the queue is over the configured limit the message is not queued
    /// and the handler's `connection(_:didOverflowWith:)` decides. Does nothing once closing.
    public func send(_ message: OutboundMessage) { /* CONTRACT STUB */ }

    /// Drops every queued message that has not started going out and queues `message` alone.
    public func replaceQueue(with message: OutboundMessage) { /* CONTRACT STUB */ }

    /// Sends a close frame with `code` and `reason` (after already queued messages are flushed
    /// when `flush` is true) and drops the connection.
    public func close(code: CloseCode, reason: String = "", flush: Bool = true) { /* CONTRACT STUB */ }
}
