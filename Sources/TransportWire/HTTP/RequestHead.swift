/// A request head (RFC 9112 sections 2–5) as the strict parser read it: the one reading of the
/// head that the transport acts on. Bytes, not strings: nothing is decoded or normalised here.
package struct RequestHead: Sendable, Equatable {
    package var method: String
    /// The request target as sent (origin form: `/path?query`, still percent-encoded).
    package var target: [UInt8]
    /// `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    /// Header fields in order, names lower-cased, values without surrounding whitespace.
    package var fields: [(name: String, value: [UInt8])]
    /// The body length; 0 without `Content-Length`.
    package var contentLength: Int
    /// A WebSocket opening handshake (RFC 6455 section 4.2.1): GET, HTTP/1.1, `Upgrade:
    /// websocket`, `Connection: upgrade`, a 16-byte `Sec-WebSocket-Key`, version 13.
    package var isWebSocketUpgrade: Bool

    package init(
        method: String, target: [UInt8], version: String, fields: [(name: String, value: [UInt8])] = [],
        contentLength: Int = 0, isWebSocketUpgrade: Bool = false
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.fields = fields
        self.contentLength = contentLength
        self.isWebSocketUpgrade = isWebSocketUpgrade
    }

    /// The values of every field named `name` (lower case).
    package func values(_ name: String) -> [[UInt8]] {
        fields.filter { $0.name == name }.map(\.value)
    }

    package static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
            && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
            && lhs.contentLength == rhs.contentLength && lhs.isWebSocketUpgrade == rhs.isWebSocketUpgrade
    }
}
