import FocusProtocol
import Foundation
import NetworkClients
import TestSupport
import Testing
import WebSocketTransport

@testable import FocusSyncServer

/// What the transport refuses on its own is answered like every route: HTTP/1.1, the JSON error
/// shape, the security headers, a Content-Length, and the connection closed after it. (Before,
/// libwebsockets answered with an HTTP/1.0 HTML page without them, which Python's `websockets`
/// client cannot read.)
@Suite("Transport refusals", .tags(.transport))
struct TransportRefusalTests {
    static let subprotocol = "Sec-WebSocket-Protocol: \(WireProtocol.subprotocol)\r\n"
    static let handshake =
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"

    static let cases: [(head: String, status: Int, code: String)] = [
        (
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\n\(handshake)\(subprotocol)\r\n", 403,
            "forbidden_origin"
        ),
        ("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\n\(handshake)\r\n", 400, "missing_subprotocol"),
        ("GET /elsewhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\(handshake)\(subprotocol)\r\n", 404, "not_found"),
        ("GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400, "bad_path"),
        ("PROPFIND / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405, "method_not_allowed"),
        ("POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411, "length_required"),
        ("POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999\r\n\r\n", 413, "body_too_large"),
        ("POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1e3\r\n\r\n", 400, "bad_request"),
    ]

    @Test(arguments: cases)
    func refusalIsJSONWithTheSecurityHeaders(head: String, status: Int, code: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        let socket = try TCPConnection(port: server.port)
        defer { socket.close() }
        try socket.write(Array(head.utf8))
        let response = try HTTPClient.readResponse(from: socket)
        #expect(response.version == "HTTP/1.1")
        #expect(response.status == status)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        #expect(response.headers["content-security-policy"]?.contains("default-src 'self'") == true)
        #expect(response.headers["x-content-type-options"] == "nosniff")
        #expect(response.headers["content-length"] == "\(response.body.count)")
        let error = try JSONValue.parse(response.text)["error"]
        #expect(error["code"].string == code)
        #expect(!(error["message"].string ?? "").isEmpty)
        if status == 405 {
            #expect(response.headers["allow"] == "GET, HEAD, POST, PUT, DELETE, OPTIONS, PATCH")
        }
        #expect(socket.readToEnd().isEmpty, "the connection should be closed after a refusal")
    }

    /// The request smuggling shapes of issue 15 create no session and get 400.
    @Test(arguments: [
        "Transfer-Encoding : chunked\r\nContent-Length: 2", "Content-Length: 2\r\nContent-Length: 3",
        "Content-Length: -1", "Content-Length: 1e3", "Content-Length: 12345678901234567890123",
    ])
    func smugglingShapesCreateNoSession(fields: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        let socket = try TCPConnection(port: server.port)
        defer { socket.close() }
        try socket.write(Array("POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)\r\n\r\n{}".utf8))
        let response = try HTTPClient.readResponse(from: socket)
        #expect(response.status == 400)
        #expect(try JSONValue.parse(response.text)["error"]["code"].string == "bad_request")
        let health = try JSONValue.parse(server.get("/healthz").text)
        #expect(health["sessions"].int == 0)
    }
}
