import TransportWire

/// A request the transport answers itself: it never reaches ``WebSocketServerHandler/respond(to:)``
/// or a WebSocket connection. The handler words the answer
/// (``WebSocketServerHandler/response(to:for:)``); the transport sends it as HTTP/1.1 with a
/// `Content-Length` and closes the connection.
public enum TransportRefusal: Sendable, Equatable {
    /// 400: the request target has a malformed percent-escape (`%zz`) or an encoded NUL.
    case badPath
    /// 404: a WebSocket upgrade on a path other than ``WebSocketServerConfiguration/webSocketPath``.
    case notFound
    /// 405: a method the transport does not serve; `allowed` are the ones it does.
    case methodNotAllowed(method: String, allowed: [String])
    /// 411: a body in a transfer coding (chunked); the transport needs a `Content-Length`.
    case lengthRequired
    /// 413: the declared body is larger than ``WebSocketServerConfiguration/maxRequestBodyBytes``.
    case bodyTooLarge(limit: Int)
    /// 400: a malformed or ambiguous head (request smuggling shapes such as `Transfer-Encoding :`
    /// or two `Content-Length`s, bad line endings, a broken WebSocket handshake, a head too large).
    case badRequest(reason: String)
    /// 400: a WebSocket upgrade that does not offer ``WebSocketServerConfiguration/subprotocol``.
    case missingSubprotocol(expected: String)
    /// 403: a WebSocket upgrade from an origin the handler refuses. The transport never decides
    /// this itself; a handler's ``WebSocketServerHandler/shouldAccept(_:)`` can answer
    /// `.reject(response(to: .forbiddenOrigin, for: request))`.
    case forbiddenOrigin
    /// 503: the server is shutting down.
    case shuttingDown

    /// The HTTP status this refusal is answered with.
    public var status: Int {
        switch self {
        case .badPath, .badRequest, .missingSubprotocol: 400
        case .notFound: 404
        case .methodNotAllowed: 405
        case .lengthRequired: 411
        case .bodyTooLarge: 413
        case .forbiddenOrigin: 403
        case .shuttingDown: 503
        }
    }

    /// One sentence saying what was wrong and what to do instead.
    public var message: String {
        switch self {
        case .badPath: "The request path has a malformed percent-escape or an encoded NUL."
        case .notFound: "WebSocket connections are accepted on one path only."
        case .methodNotAllowed(let method, let allowed): "\(method) is not served here; use \(allowed.joined(separator: ", "))."
        case .lengthRequired: "Send the request body with a Content-Length instead of a transfer coding."
        case .bodyTooLarge(let limit): "The request body is larger than \(limit) bytes."
        case .badRequest(let reason): reason
        case .missingSubprotocol(let expected): "Offer the \(expected) subprotocol in Sec-WebSocket-Protocol."
        case .forbiddenOrigin: "Pages from this origin may not open a WebSocket here."
        case .shuttingDown: "The server is shutting down; try again in a moment."
        }
    }

    /// A plain-text answer, for handlers that do not word refusals themselves.
    public var plainResponse: HTTPResponse {
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff"),
        ]
        if case .methodNotAllowed(_, let allowed) = self {
            headers.append(("Allow", allowed.joined(separator: ", ")))
        }
        return HTTPResponse(status: status, headers: headers, body: Array("\(message)\n".utf8))
    }
}

extension TransportRefusal {
    /// The refusal for a head the strict parser refused.
    init(_ refusal: RequestHeadRefusal) {
        switch refusal {
        case .malformed(let reason): self = .badRequest(reason: reason)
        case .badPath: self = .badPath
        case .unsupportedMethod(let method): self = .methodNotAllowed(method: method, allowed: RequestHeadParser.servedMethods)
        case .lengthRequired: self = .lengthRequired
        case .bodyTooLarge(let limit): self = .bodyTooLarge(limit: limit)
        }
    }
}
