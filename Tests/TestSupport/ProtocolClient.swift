import FocusProtocol
import Foundation
import NetworkClients
import WebSocketTransport

/// A protocol v3 client for tests: JSON in, parsed JSON out, numbering its own intents, and
/// keeping a replica of the session state (the snapshot's `state` with every update's patch
/// merged in, as the page does).
public final class ProtocolClient: @unchecked Sendable {
    public let socket: WebSocketClient
    public let clientId: String
    public private(set) var seq = 0
    /// The snapshot the server answered `hello` (or `resync`) with.
    public private(set) var snapshot: JSONValue = .null
    /// The session state as this client knows it.
    public private(set) var state: JSONValue = .null
    /// The revision of `state`.
    public private(set) var revision = 0
    /// The member ids connected, as snapshot and presence tell this client.
    public private(set) var present: Set<String> = []
    /// The size in bytes of the last message ``next(timeout:)`` read.
    public private(set) var lastMessageBytes = 0

    private init(socket: WebSocketClient, clientId: String) {
        self.socket = socket
        self.clientId = clientId
    }

    /// A fresh secret client id.
    public static func newClientId() -> String {
        "tab-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20)
    }

    /// Opens a WebSocket to `session` without saying hello.
    public static func connect(_ server: TestServer, session: String, clientId: String = newClientId()) async throws
        -> ProtocolClient
    {
        try await connect(port: server.port, session: session, clientId: clientId)
    }

    /// Opens a WebSocket to `session` on the server at `port` without saying hello.
    public static func connect(port: Int, session: String, clientId: String = newClientId()) async throws -> ProtocolClient {
        let socket = try await WebSocketClient.connect(
            port: port, path: "/ws?session=\(session)", subprotocol: WireProtocol.subprotocol)
        return ProtocolClient(socket: socket, clientId: clientId)
    }

    /// Connects, says hello, and waits for the snapshot.
    public static func join(_ server: TestServer, session: String, clientId: String? = nil, name: String? = nil) async throws
        -> ProtocolClient
    {
        try await join(port: server.port, session: session, clientId: clientId, name: name)
    }

    /// Connects to the server at `port`, says hello, and waits for the snapshot.
    public static func join(port: Int, session: String, clientId: String? = nil, name: String? = nil) async throws
        -> ProtocolClient
    {
        let client = try await connect(port: port, session: session, clientId: clientId ?? newClientId())
        try await client.hello(name: name)
        return client
    }

    /// The public member id the server gave this client.
    public var member: String? { snapshot["you"]["member"].string }

    public func hello(name: String? = nil) async throws {
        let nameField = name.map { #","name":\#(JSONValue.string($0))"# } ?? ""
        socket.send(#"{"type":"hello","clientId":"\#(clientId)"\#(nameField)}"#)
        _ = try await next(type: "snapshot")
    }

    /// Sends an intent with the next `seq` and returns that `seq`. `fields` is the JSON after `action`.
    @discardableResult
    public func intent(_ screen: String, _ action: String, _ fields: String = "") -> Int {
        seq += 1
        send(intent: seq, screen, action, fields)
        return seq
    }

    /// Sends an intent with an explicit `seq` (for resends), without advancing the counter.
    public func send(intent seq: Int, _ screen: String, _ action: String, _ fields: String = "") {
        let extra = fields.isEmpty ? "" : "," + fields
        socket.send(#"{"type":"intent","seq":\#(seq),"screen":"\#(screen)","action":"\#(action)"\#(extra)}"#)
    }

    public func send(_ text: String) { socket.send(text) }

    /// The next message of any type; snapshots and updates are applied to ``state`` first.
    public func next(timeout: Duration = .seconds(5)) async throws -> JSONValue {
        switch try await socket.next(timeout: timeout) {
        case .text(let text):
            lastMessageBytes = text.utf8.count
            let message = try JSONValue.parse(text)
            switch message["type"].string {
            case "snapshot":
                snapshot = message
                state = message["state"]
                revision = message["revision"].int ?? 0
                present = Set(message["present"].array.compactMap(\.string))
            case "update":
                // A session running a source says all of a change in its patch, the events aside.
                state = state.merging(message["patch"])
                revision = message["revision"].int ?? revision
            case "presence":
                present.formUnion(message["joined"].array.compactMap { $0["member"].string })
                present.subtract(message["left"].array.compactMap(\.string))
            default:
                break
            }
            return message
        case .closed(let code):
            throw TestFailure("closed with \(code.map(\.description) ?? "no code")")
        }
    }

    /// The next message of `type`, skipping others (presence, mostly).
    public func next(type: String, timeout: Duration = .seconds(5)) async throws -> JSONValue {
        while true {
            let message = try await next(timeout: timeout)
            if message["type"].string == type { return message }
            if message["type"].string == "error", type != "error" {
                throw TestFailure("expected \(type), got error \(message)")
            }
        }
    }

    /// Waits for the close and returns its code.
    public func closeCode(timeout: Duration = .seconds(5)) async throws -> CloseCode? {
        while true {
            if case .closed(let code) = try await socket.next(timeout: timeout) { return code }
        }
    }

    public func close() { socket.close() }
}
