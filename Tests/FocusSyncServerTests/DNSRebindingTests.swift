import FocusProtocol
import Foundation
import NetworkClients
import TestSupport
import Testing
import WebSocketTransport

@testable import FocusSyncServer

/// A page on a rebinding domain (`evil.example`, pointed at 127.0.0.1) is its own origin, so the
/// Origin check lets it in; the `Host` it sends gives it away (issue 15, point 6).
@Suite("DNS rebinding: requests by a name the server does not answer to", .tags(.transport))
struct DNSRebindingTests {
    static let handshake =
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: \(WireProtocol.subprotocol)\r\n"

    /// `GET /`, `POST /api/sessions` and a WebSocket upgrade on `/ws?session=…`, calling the server
    /// `host`, from a page of `origin`.
    static func requests(host: String, origin: String?, session: String) -> [String] {
        let fields = "Host: \(host)\r\n" + (origin.map { "Origin: \($0)\r\n" } ?? "")
        return [
            "GET / HTTP/1.1\r\n\(fields)\r\n",
            "POST /api/sessions HTTP/1.1\r\n\(fields)Content-Length: 0\r\n\r\n",
            "GET /ws?session=\(session) HTTP/1.1\r\n\(fields)\(handshake)\r\n",
        ]
    }

    /// The whole answer to `head`, sent on a connection of its own.
    static func response(to head: String, port: Int) throws -> HTTPClient.Response {
        let socket = try TCPConnection(port: port)
        defer { socket.close() }
        try socket.write(Array(head.utf8))
        return try HTTPClient.readResponse(from: socket)
    }

    /// The status line answering `head`: read up to the end of the head only, since a `101`
    /// is followed by no body and no end.
    static func statusLine(answering head: String, port: Int) throws -> String {
        let socket = try TCPConnection(port: port)
        defer { socket.close() }
        try socket.write(Array(head.utf8))
        var received: [UInt8] = []
        while received.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            let chunk = try socket.read()
            guard !chunk.isEmpty else { break }
            received += chunk
        }
        return String(decoding: received.prefix { $0 != 13 }, as: UTF8.self)
    }

    @Test(arguments: [nil, "http://evil.example", "http://evil.example:PORT"])
    func aForeignHostIsMisdirectedOnEveryPath(origin: String?) throws {
        let server = try TestServer()
        defer { server.stop() }
        let session = try server.createSession()
        let pageOrigin = origin?.replacingOccurrences(of: "PORT", with: String(server.port))
        for host in ["evil.example", "evil.example:\(server.port)"] {
            for head in Self.requests(host: host, origin: pageOrigin, session: session) {
                let response = try Self.response(to: head, port: server.port)
                #expect(response.status == 421, "\(head.debugDescription)")
                #expect(response.headers["content-type"] == "application/json; charset=utf-8")
                let policy = try #require(response.headers["content-security-policy"])
                #expect(policy.contains("default-src 'self'") && !policy.contains("evil"))
                #expect(response.headers["x-content-type-options"] == "nosniff")
                let error = try JSONValue.parse(response.text)["error"]
                #expect(error["code"].string == ErrorCode.unknownHost.rawValue)
                #expect(error["message"].string?.contains("Host") == true)
            }
        }
        #expect(try JSONValue.parse(server.get("/healthz").text)["sessions"].int == 1, "a misdirected POST created a session")
    }

    @Test func theNamesTheServerAnswersToAreServed() throws {
        let server = try TestServer { $0.allowedHosts = ["focus.example"] }
        defer { server.stop() }
        let session = try server.createSession()
        let machine = ProcessInfo.processInfo.hostName
        let short = machine.prefix { $0 != "." }
        for name in ["localhost", "app.localhost", "127.0.0.1", "[::1]", machine, "\(short).local", "focus.example"] {
            let host = "\(name):\(server.port)"
            let heads = Self.requests(host: host, origin: "http://\(host)", session: session)
            #expect(try Self.response(to: heads[0], port: server.port).status == 200, "GET / as \(host)")
            #expect(try Self.response(to: heads[1], port: server.port).status == 201, "POST /api/sessions as \(host)")
            #expect(try Self.statusLine(answering: heads[2], port: server.port).hasPrefix("HTTP/1.1 101 "), "/ws as \(host)")
        }
        #expect(try Self.response(to: "GET / HTTP/1.0\r\n\r\n", port: server.port).status == 200, "a request without Host")
    }

    @Test func aForeignHostIsMisdirectedUntilAllowed() throws {
        let head = "GET /healthz HTTP/1.1\r\nHost: focus.example\r\n\r\n"
        let refusing = try TestServer()
        defer { refusing.stop() }
        #expect(try Self.response(to: head, port: refusing.port).status == 421)
        let allowing = try TestServer { $0.allowedOrigins = ["https://focus.example"] }
        defer { allowing.stop() }
        #expect(try Self.response(to: head, port: allowing.port).status == 200)
    }
}
