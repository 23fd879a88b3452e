/// A minimal blocking HTTP/1.1 client that sends the request target byte for byte, unnormalised,
/// so tests can send hostile paths that other clients would clean up first.
public enum HTTPClient {
    public struct Response: Sendable {
        public var status: Int
        /// Lower-cased header names.
        public var headers: [String: String]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request with `Connection: close` and reads the whole response.
    public static func send(
        method: String = "GET", target: String, host: String = "127.0.0.1", port: Int,
        headers: [(String, String)] = [], body: [UInt8] = [], timeout: Duration = .seconds(5)
    ) throws(TransportError) -> Response {
        fatalError("CONTRACT STUB")
    }
}
