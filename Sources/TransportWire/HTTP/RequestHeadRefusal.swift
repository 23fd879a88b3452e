/// Why the strict parser refuses a request head. Every refusal is answered and the connection
/// closed: after a head that can be read two ways, nothing on the connection can be trusted.
package enum RequestHeadRefusal: Sendable, Equatable, Error {
    /// Malformed, ambiguous or too large: smuggling shapes (`Transfer-Encoding :`, two
    /// `Content-Length`s, `Content-Length: -1`, `1e3`, a 23-digit length), bad line endings,
    /// obsolete line folding, control characters, a broken WebSocket handshake. The reason says which.
    case malformed(String)
    /// The request target has a malformed percent-escape or an encoded NUL.
    case badPath(String)
    /// A well-formed method the server does not serve.
    case unsupportedMethod(String)
    /// A transfer coding (chunked) instead of a `Content-Length`.
    case lengthRequired
    /// The declared body is larger than the limit.
    case bodyTooLarge(limit: Int)
}
