/// The application side of a ``WebSocketServer``.
///
/// Every method is called on the server's service thread, one call at a time, so an
/// implementation may keep its state in plain properties without locks as long as it only
/// touches that state from these callbacks and from work passed to ``WebSocketServer/execute(_:)``.
public protocol WebSocketServerHandler: AnyObject {
    /// Answers a plain HTTP request (anything that is not a WebSocket upgrade on the WebSocket path).
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// Answers a plain HTTP request now (a response), or later: nil, and `responder` is called
    /// once with the response. The default answers now with ``respond(to:)``.
    func respond(to request: HTTPRequest, responder: HTTPResponder) -> HTTPResponse?

    /// Decides whether a WebSocket upgrade may proceed (the `Origin` check lives here).
    func shouldAccept(_ request: HTTPRequest) -> UpgradeDecision

    /// Words the answer to a request the transport refuses itself (``TransportRefusal``): the
    /// status, headers and body to send. `request` is what is known of it: nil when its head
    /// could not be read. The transport adds `Content-Length` and `Connection: close` and sends
    /// it as HTTP/1.1. The default is ``TransportRefusal/plainResponse``.
    func response(to refusal: TransportRefusal, for request: HTTPRequest?) -> HTTPResponse

    /// A WebSocket connection completed its handshake. Its request's headers are dropped when
    /// this returns (see ``WebSocketConnection/request``).
    func connectionDidOpen(_ connection: WebSocketConnection)

    /// A complete text message arrived (reassembled from fragments, valid UTF-8, within the size limit).
    func connection(_ connection: WebSocketConnection, didReceiveText text: [UInt8])

    /// A complete binary message arrived; only with ``WebSocketServerConfiguration/acceptsBinaryMessages``.
    /// The default ignores it.
    func connection(_ connection: WebSocketConnection, didReceiveBinary bytes: [UInt8])

    /// The connection's outbound queue is over its limit and `message` was not queued.
    /// The default closes the connection with 1008 without flushing (the peer is not reading,
    /// so the queue would never drain); an application may instead call
    /// ``WebSocketConnection/discardBacklog()`` and send something that replaces it once the
    /// connection drains.
    func connection(_ connection: WebSocketConnection, didOverflowWith message: OutboundMessage)

    /// After ``WebSocketConnection/discardBacklog()``: everything queued went out and the socket
    /// can take more.
    func connectionDidDrain(_ connection: WebSocketConnection)

    /// The connection is gone. `code` is the close code the peer or the server sent, if any.
    /// The connection must not be used after this call.
    func connectionDidClose(_ connection: WebSocketConnection, code: CloseCode?)
}

extension WebSocketServerHandler {
    public func respond(to request: HTTPRequest, responder: HTTPResponder) -> HTTPResponse? {
        respond(to: request)
    }

    public func connection(_ connection: WebSocketConnection, didReceiveBinary bytes: [UInt8]) {}

    public func response(to refusal: TransportRefusal, for request: HTTPRequest?) -> HTTPResponse {
        refusal.plainResponse
    }

    public func connection(_ connection: WebSocketConnection, didOverflowWith message: OutboundMessage) {
        connection.close(code: .policyViolation, reason: "client is not reading its messages", flush: false)
    }

    public func connectionDidDrain(_ connection: WebSocketConnection) {}
}
