import Foundation
import NetworkClients
import Testing

@testable import WebSocketTransport

/// The two event loops every test runs on.
enum EventLoop: String, CaseIterable, CustomTestStringConvertible {
    case libuv, poll
    var testDescription: String { rawValue }
}

/// The transport alone, started on a kernel-chosen port with a ``TestHandler`` (no application:
/// TestSupport's `TestServer` is the whole server); shut down by `stop()`.
struct TransportServer {
    let server: WebSocketServer
    let handler: TestHandler
    var port: Int { server.port }

    init(
        _ loop: EventLoop, handler: TestHandler = TestHandler(),
        configure: (inout WebSocketServerConfiguration) -> Void = { _ in }
    ) throws {
        var configuration = WebSocketServerConfiguration()
        configuration.port = 0
        configuration.useLibUV = loop == .libuv
        configure(&configuration)
        self.handler = handler
        server = WebSocketServer(configuration: configuration, handler: handler)
        handler.server = server
        try server.start()
    }

    func stop() {
        server.shutdown()
    }

    func connect(
        path: String = "/ws", subprotocol: String? = "focus-sync.v1", origin: String? = nil
    ) async throws -> WebSocketClient {
        try await WebSocketClient.connect(port: port, path: path, subprotocol: subprotocol, origin: origin)
    }

    func get(_ target: String, method: String = "GET", headers: [(String, String)] = [], body: [UInt8] = []) throws
        -> HTTPClient.Response
    {
        try HTTPClient.send(method: method, target: target, port: port, headers: headers, body: body)
    }
}
