import NetworkClients
import TestSupport
import Testing

@testable import WebSocketTransport

/// Requests whose head can be read two ways (request smuggling, RFC 9112 section 6.3 and 11.2),
/// or that libwebsockets used to answer itself, sent byte for byte.
@Suite("Hostile request heads", .tags(.transport))
struct HostileRequestTests {
    /// Sends `head` (and `body`) on a fresh connection; returns the response and whether the
    /// server then closed the connection.
    private func exchange(_ head: String, body: String = "", port: Int) throws -> (HTTPClient.Response, closed: Bool) {
        let socket = try TCPConnection(port: port)
        defer { socket.close() }
        try socket.write(Array((head + body).utf8))
        let response = try HTTPClient.readResponse(from: socket)
        return (response, socket.readToEnd().isEmpty)
    }

    static let smuggling: [String] = [
        "POST /api/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\nContent-Length: 5\r\n\r\n",
        "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
        "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 1e3\r\n\r\n",
        "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 12345678901234567890123\r\n\r\n",
        "POST /api/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
    ]

    @Test(arguments: smuggling)
    func smugglingShapesGet400AndAClosedConnection(head: String) throws {
        let test = try TransportServer(.libuv)
        defer { test.stop() }
        let (response, closed) = try exchange(head, body: "hello", port: test.port)
        #expect(response.status == 400)
        #expect(response.headers["x-refusal"] == "badRequest")
        #expect(closed)
        #expect(test.handler.snapshot.httpRequests.isEmpty)
    }

    /// Every transport answer is HTTP/1.1 with a Content-Length and the handler's headers and body.
    @Test(arguments: [
        ("GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400, "badPath"),
        ("PROPFIND / HTTP/1.1\r\nHost: x\r\n\r\n", 405, "methodNotAllowed"),
        ("POST /api/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 411, "lengthRequired"),
        ("POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\n", 413, "bodyTooLarge"),
        (
            "GET /other HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: focus-sync.v1\r\n\r\n",
            404, "notFound"
        ),
        (
            "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
            400, "missingSubprotocol"
        ),
        (
            "GET /ws HTTP/1.1\r\nHost: x\r\nOrigin: http://evil.test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: focus-sync.v1\r\n\r\n",
            403, "forbiddenOrigin"
        ),
    ])
    func refusalsCarryTheHandlersAnswer(head: String, status: Int, refusal: String) throws {
        let handler = TestHandler()
        handler.forbiddenOrigins = ["http://evil.test"]
        let test = try TransportServer(.poll, handler: handler)
        defer { test.stop() }
        let (response, closed) = try exchange(head, port: test.port)
        #expect(response.version == "HTTP/1.1")
        #expect(response.status == status)
        #expect(closed)
        #expect(response.headers["x-refusal"] == refusal)
        #expect(response.headers["content-length"] == "\(response.body.count)")
        #expect(response.text == "refused: \(refusal)")
        #expect(handler.snapshot.httpRequests.isEmpty && handler.snapshot.opened.isEmpty)
    }

    /// During shutdown new connections are refused by the kernel (the listening socket is
    /// closed); an upgrade on a connection that was already open gets 503.
    @Test func shuttingDownRefusesUpgradesWith503() async throws {
        let test = try TransportServer(.libuv)
        // Holds the shutdown open: it never answers the server's close frame.
        let stalled = try RawWebSocket.connect(port: test.port)
        let open = try TCPConnection(port: test.port)
        defer { open.close() }
        try open.write(Array("GET /first HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(try HTTPClient.readResponse(from: open).status == 200)
        let stopped = Task.detached { test.stop() }
        #expect(try stalled.nextFrame()?.closeCode == .goingAway)
        try open.write(
            Array(
                "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: focus-sync.v1\r\n\r\n"
                    .utf8))
        let response = try HTTPClient.readResponse(from: open)
        #expect(response.status == 503 && response.headers["x-refusal"] == "shuttingDown")
        await stopped.value
    }

    /// Pipelined requests are answered in order, including one behind a request body and behind
    /// a response too large for one write (libwebsockets 4.1.6 looped for ever on the first and
    /// never answered what followed).
    @Test(arguments: EventLoop.allCases)
    func pipelinedRequestsAreAnsweredInOrder(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let big = [UInt8](repeating: UInt8(ascii: "b"), count: 100_000)
        test.handler.respond = { request in
            HTTPResponse(
                status: 200, body: request.path == "/big" ? big : request.body.isEmpty ? Array(request.path.utf8) : request.body)
        }
        let socket = try TCPConnection(port: test.port)
        defer { socket.close() }
        try socket.write(
            Array(
                ("GET /big HTTP/1.1\r\nHost: x\r\n\r\nPOST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
                    + "POST /four HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\ndefg"
                    + "GET /three HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").utf8))
        let responses = try HTTPClient.readResponses(from: socket, count: 4)
        #expect(responses.map(\.body) == [big, Array("abc".utf8), Array("defg".utf8), Array("/three".utf8)])
        #expect(socket.readToEnd().isEmpty)
    }
}
