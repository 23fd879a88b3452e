import WebSocketTransport

/// What a client connection reports.
public enum WebSocketClientEvent: Sendable, Equatable {
    case text(String)
    /// The server closed the connection (or it dropped): the close code if one was received.
    case closed(CloseCode?)
}

/// A WebSocket client on libwebsockets' client API, for tests and tools.
///
/// Every connection made from one process shares a single client context on its own service
/// thread (``WebSocketClientLoop/shared``); this type wraps one connection with an async interface.
///
/// `Sendable`: it only holds immutable references to thread-safe objects.
public final class WebSocketClient: Sendable {
    private let connection: WebSocketClientConnection
    private let inbox: EventInbox<WebSocketClientConnection.Event>

    /// The subprotocol the server accepted.
    public let acceptedSubprotocol: String?

    private init(connection: WebSocketClientConnection, inbox: EventInbox<WebSocketClientConnection.Event>, subprotocol: String?)
    {
        self.connection = connection
        self.inbox = inbox
        acceptedSubprotocol = subprotocol
    }

    deinit {
        connection.close()
    }

    /// Connects and waits for the handshake. Throws if the server refuses (the HTTP status is in the error).
    public static func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/ws",
        subprotocol: String? = "focus-sync.v1", origin: String? = nil,
        timeout: Duration = .seconds(5)
    ) async throws(TransportError) -> WebSocketClient {
        let inbox = EventInbox<WebSocketClientConnection.Event>()
        let connection = try WebSocketClientLoop.shared.connect(
            host: host, port: port, path: path, subprotocol: subprotocol, origin: origin,
            onEvent: { inbox.push($1) })
        switch await inbox.next(timeout: timeout) {
        case .opened(let subprotocol):
            return WebSocketClient(connection: connection, inbox: inbox, subprotocol: subprotocol)
        case .failed(let error):
            throw error
        case .closed, .text:
            throw .connectionFailed("the connection to \(host):\(port) closed during the handshake")
        case nil:
            connection.close()
            throw .timedOut("WebSocket handshake with \(host):\(port)")
        }
    }

    /// Sends one text message.
    public func send(_ text: String) { connection.send(text) }
    /// Sends one text message split into fragments of the given sizes (continuation frames).
    public func sendFragmented(_ text: String, fragmentBytes: Int) {
        connection.sendFragmented(text, fragmentBytes: fragmentBytes)
    }
    /// Sends one binary message.
    public func sendBinary(_ bytes: [UInt8]) { connection.sendBinary(bytes) }
    /// Sends raw bytes as a text frame without checking UTF-8 (to test the server's check).
    public func sendInvalidUTF8Text(_ bytes: [UInt8]) { connection.sendInvalidUTF8Text(bytes) }
    /// Stops reading from the socket (to simulate a client that never reads) or resumes.
    public func setReading(_ reading: Bool) { connection.setReading(reading) }

    /// The next event, waiting at most `timeout`.
    public func next(timeout: Duration = .seconds(5)) async throws(TransportError) -> WebSocketClientEvent {
        while true {
            switch await inbox.next(timeout: timeout) {
            case .text(let bytes):
                return .text(String(decoding: bytes, as: UTF8.self))
            case .closed(let code):
                return .closed(code)
            case .opened, .failed:
                continue
            case nil:
                throw .timedOut("no WebSocket event within \(timeout)")
            }
        }
    }

    /// Closes with `code`.
    public func close(code: CloseCode = .normal) { connection.close(code: code) }
}
