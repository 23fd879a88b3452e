/// An HTTP request as the transport received it, before any routing.
///
/// `path` is the request target's path, percent-encoded, after the sanitising libwebsockets
/// 4.1.6 applies while parsing: it decodes `%XX` and then collapses `//` and `/./`, resolves
/// `..` (so no `..` segment ever arrives, not even from `%2e%2e`), turns `%2f` into `/` and `+`
/// into a space, and splits at `&` and `;` (joined back with `;`). The transport encodes the
/// result again (`%` → `%25`, space → `%20`, non-ASCII as UTF-8 escapes), so decode `path`
/// exactly once. A malformed escape such as `%zz`, or an encoded NUL, never reaches the handler:
/// the transport refuses it first (``TransportRefusal/badPath``).
///
/// `query` is the part after `?` without the `?`, or an empty string: the `name=value`
/// arguments libwebsockets decoded, each encoded again and joined with `&`.
///
/// `headers` holds the headers libwebsockets knows by name (about ninety common ones, among
/// them every header the WebSocket handshake, CORS, caching and cookies use); libwebsockets
/// 4.1.6 cannot list other headers, so those are absent.
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
