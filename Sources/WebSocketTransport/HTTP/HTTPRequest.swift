/// An HTTP request as the transport received it, before any routing.
///
/// `path` is the request target's path exactly as the peer sent it (still percent-encoded,
/// after whatever sanitising libwebsockets itself applies); `query` is the part after `?`
/// without the `?`, or an empty string.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var query: String
    /// Header names are lower-cased.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The peer's address, e.g. `127.0.0.1`.
    public var peer: String

    public init(
        method: String, path: String, query: String = "",
        headers: [String: String] = [:], body: [UInt8] = [], peer: String = ""
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.peer = peer
    }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
