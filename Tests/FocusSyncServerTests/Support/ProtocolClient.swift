import Foundation
import WebSocketClient
import WebSocketTransport

/// A protocol v1 client for tests: JSON in, parsed JSON out, numbering its own intents.
final class ProtocolClient: @unchecked Sendable {
    let socket: WebSocketClient
    let clientId: String
    private(set) var seq = 0
    /// The snapshot the server answered `hello` with.
    private(set) var snapshot: JSONValue = .null

    private init(socket: WebSocketClient, clientId: String) {
        self.socket = socket
        self.clientId = clientId
    }

    /// Opens a WebSocket to `session` without saying hello.
    static func connect(_ server: TestServer, session: String, clientId: String = "tab-\(UUID().uuidString.prefix(8))") async throws -> ProtocolClient {
        let socket = try await WebSocketClient.connect(port: server.port, path: "/ws?session=\(session)")
        return ProtocolClient(socket: socket, clientId: clientId)
    }

    /// Connects, says hello, and waits for the snapshot (skipping presence).
    static func join(_ server: TestServer, session: String, clientId: String? = nil, name: String? = nil) async throws -> ProtocolClient {
        let client = try await connect(server, session: session, clientId: clientId ?? "tab-\(UUID().uuidString.prefix(8))")
        try await client.hello(name: name)
        return client
    }

    func hello(name: String? = nil) async throws {
        let nameField = name.map { #","name":"\#($0)""# } ?? ""
        socket.send(#"{"type":"hello","clientId":"\#(clientId)"\#(nameField)}"#)
        snapshot = try await next(type: "snapshot")
    }

    /// Sends an intent with the next `seq` and returns that `seq`. `fields` is the JSON after `action`.
    @discardableResult
    func intent(_ screen: String, _ action: String, _ fields: String = "") -> Int {
        seq += 1
        send(intent: seq, screen, action, fields)
        return seq
    }

    /// Sends an intent with an explicit `seq` (for resends), without advancing the counter.
    func send(intent seq: Int, _ screen: String, _ action: String, _ fields: String = "") {
        let extra = fields.isEmpty ? "" : "," + fields
        socket.send(#"{"type":"intent","seq":\#(seq),"screen":"\#(screen)","action":"\#(action)"\#(extra)}"#)
    }

    /// The next message of any type.
    func next(timeout: Duration = .seconds(5)) async throws -> JSONValue {
        switch try await socket.next(timeout: timeout) {
        case .text(let text): return try JSONValue.parse(text)
        case .closed(let code): throw TestFailure("closed with \(code.map(\.description) ?? "no code")")
        }
    }

    /// The next message of `type`, skipping others (presence, mostly).
    func next(type: String, timeout: Duration = .seconds(5)) async throws -> JSONValue {
        while true {
            let message = try await next(timeout: timeout)
            if message["type"].string == type { return message }
            if message["type"].string == "error", type != "error" {
                throw TestFailure("expected \(type), got error \(message)")
            }
        }
    }

    /// Waits for the close and returns its code.
    func closeCode(timeout: Duration = .seconds(5)) async throws -> CloseCode? {
        while true {
            if case .closed(let code) = try await socket.next(timeout: timeout) { return code }
        }
    }

    func close() { socket.close() }
}
