import Testing
import TransportWire

@Suite("Strict request-head parser")
struct RequestHeadParserTests {
    let parser = RequestHeadParser(maxBodyBytes: 1_000)

    private func parse(_ text: String) -> Result<RequestHead, RequestHeadRefusal> {
        parser.parse(Array(text.utf8))
    }

    @Test func readsAPlainRequest() throws {
        let head = try parse("POST /api/sessions?x=%41 HTTP/1.1\r\nHost: a\r\nContent-Length:  12 \r\nX-Thing:\tv\r\n\r\n").get()
        #expect(head.method == "POST")
        #expect(head.target == Array("/api/sessions?x=%41".utf8))
        #expect(head.contentLength == 12)
        #expect(head.fields.map(\.name) == ["host", "content-length", "x-thing"])
        #expect(head.values("x-thing") == [Array("v".utf8)])
        #expect(!head.isWebSocketUpgrade)
    }

    @Test func readsAWebSocketHandshake() throws {
        let head = try parse(
            "GET /ws HTTP/1.1\r\nHost: a\r\nUpgrade: WebSocket\r\nConnection: keep-alive, Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).get()
        #expect(head.isWebSocketUpgrade)
    }

    /// The request smuggling shapes of issue 15 (#9), and their relatives.
    @Test(arguments: [
        "Transfer-Encoding : chunked\r\nContent-Length: 5",
        "Content-Length: 5\r\nContent-Length: 6",
        "Content-Length: 5\r\nContent-Length: 5",
        "Content-Length: -1",
        "Content-Length: 1e3",
        "Content-Length: 12345678901234567890123",
        "Content-Length: +5",
        "Content-Length: 0x10",
        "Content-Length: 5, 5",
        "Content-Length:",
        "Transfer-Encoding: chunked\r\nContent-Length: 5",
        "Host: a\r\nHost: b",
        "X-Folded: a\r\n b",
        "Bad Name: x",
        "X-Control: a\u{1}b",
    ])
    func refusesAmbiguousHeads(fields: String) {
        guard case .failure(.malformed) = parse("POST / HTTP/1.1\r\n\(fields)\r\n\r\n") else {
            Issue.record("accepted \(fields.debugDescription)")
            return
        }
    }

    @Test func aTransferCodingAloneNeedsALength() {
        #expect(parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == .failure(.lengthRequired))
    }

    @Test func aBodyOverTheLimitIsRefused() {
        #expect(parse("POST / HTTP/1.1\r\nContent-Length: 1001\r\n\r\n") == .failure(.bodyTooLarge(limit: 1_000)))
        #expect((try? parse("POST / HTTP/1.1\r\nContent-Length: 1000\r\n\r\n").get())?.contentLength == 1_000)
    }

    @Test(arguments: ["/%zz", "/a%4", "/%", "/x?q=%g1", "/%00", "/a%2500b%00"])
    func refusesMalformedEscapesAndEncodedNUL(target: String) {
        guard case .failure(.badPath) = parse("GET \(target) HTTP/1.1\r\n\r\n") else {
            Issue.record("accepted \(target)")
            return
        }
    }

    @Test(arguments: ["PROPFIND", "TRACE", "CONNECT", "PRI", "get"])
    func refusesMethodsItDoesNotServe(method: String) {
        #expect(parse("\(method) / HTTP/1.1\r\n\r\n") == .failure(.unsupportedMethod(method)))
    }

    @Test(arguments: [
        "GET  / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1 \r\n\r\n", "GET / HTTP/2.0\r\n\r\n", "GET http://a/ HTTP/1.1\r\n\r\n",
        "GET * HTTP/1.1\r\n\r\n", "GET /a#b HTTP/1.1\r\n\r\n", "G(T / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\n\r\n",
        "GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", "\r\nGET / HTTP/1.1\r\n\r\n", "GET /\u{0}x HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\nx",
    ])
    func refusesMalformedRequestLinesAndEndings(head: String) {
        guard case .failure(.malformed) = parse(head) else {
            Issue.record("accepted \(head.debugDescription)")
            return
        }
    }

    @Test(arguments: [
        "Upgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\nHTTP2-Settings: AAMAAABkAAQAAP__",
        "Upgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13",
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13",
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13",
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8",
    ])
    func refusesUpgradesOtherThanAWholeWebSocketHandshake(fields: String) {
        guard case .failure(.malformed) = parse("GET /ws HTTP/1.1\r\nHost: a\r\n\(fields)\r\n\r\n") else {
            Issue.record("accepted \(fields.debugDescription)")
            return
        }
    }

    @Test func acceptsRawUTF8InTheTarget() throws {
        #expect(try parse("GET /é HTTP/1.1\r\n\r\n").get().target == Array("/é".utf8))
    }
}
