/// What a client connection reports.
public enum WebSocketClientEvent: Sendable, Equatable {
    case text(String)
    /// The server closed the connection (or it dropped): the close code if one was received.
    case closed(CloseCode?)
}

/// A WebSocket client on libwebsockets' client API, for tests and tools.
///
/// Every connection made from one process shares a single client context on its own service
/// thread (`WebSocketClientLoop`); this type wraps one connection with an async interface.
public final class WebSocketClient: @unchecked Sendable {
    /// Connects and waits for the handshake. Throws if the server refuses (the HTTP status is in the error).
    public static func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/ws",
        subprotocol: String? = "focus-sync.v1", origin: String? = nil,
        timeout: Duration = .seconds(5)
    ) async throws(TransportError) -> WebSocketClient {
        fatalError("CONTRACT STUB")
    }

    /// The subprotocol the server accepted.
    public var acceptedSubprotocol: String? { nil /* CONTRACT STUB */ }

    /// Sends one text message.
    public func send(_ text: String) { /* CONTRACT STUB */ }
    /// Sends one text message split into fragments of the given sizes (continuation frames).
    public func sendFragmented(_ text: String, fragmentBytes: Int) { /* CONTRACT STUB */ }
    /// Sends one binary message.
    public func sendBinary(_ bytes: [UInt8]) { /* CONTRACT STUB */ }
    /// Sends raw bytes as a text frame without checking UTF-8 (to test the server's check).
    public func sendInvalidUTF8Text(_ bytes: [UInt8]) { /* CONTRACT STUB */ }
    /// Stops reading from the socket (to simulate a client that never reads) or resumes.
    public func setReading(_ reading: Bool) { /* CONTRACT STUB */ }

    /// The next event, waiting at most `timeout`.
    public func next(timeout: Duration = .seconds(5)) async throws(TransportError) -> WebSocketClientEvent {
        fatalError("CONTRACT STUB")
    }

    /// Closes with `code`.
    public func close(code: CloseCode = .normal) { /* CONTRACT STUB */ }
}
