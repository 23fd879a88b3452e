import NetworkClients
import TestSupport
import Testing

@testable import WebSocketTransport

@Suite("WebSocket connections", .tags(.transport, .long))
struct WebSocketTests {
    @Test(arguments: EventLoop.allCases)
    func upgradeWithSubprotocolReachesTheHandler(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let client = try await test.connect(path: "/ws?session=abc", origin: "http://127.0.0.1")
        #expect(client.acceptedSubprotocol == "focus-sync.v1")
        #expect(await eventually { test.server.connectionCount == 1 })
        let request = try #require(test.handler.snapshot.opened.first)
        #expect(request.path == "/ws")
        #expect(request.query == "session=abc")
        #expect(request.header("origin") == "http://127.0.0.1")
        #expect(request.header("sec-websocket-protocol") == "focus-sync.v1")
        #expect(request.peer == "127.0.0.1")
    }

    @Test(arguments: EventLoop.allCases)
    func echoRoundTrip(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let client = try await test.connect()
        client.send(#"{"type":"hello"}"#)
        client.send("second ✓")
        #expect(try await client.next() == .text(#"{"type":"hello"}"#))
        #expect(try await client.next() == .text("second ✓"))
    }

    @Test(arguments: EventLoop.allCases)
    func fragmentedMessageIsReassembled(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let client = try await test.connect()
        let text = String((0..<20_000).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        client.sendFragmented(text, fragmentBytes: 1_000)
        #expect(try await client.next() == .text(text))
        #expect(test.handler.snapshot.received == [text])
    }

    @Test(arguments: EventLoop.allCases)
    func largeOutgoingMessageArrivesWhole(loop: EventLoop) async throws {
        let test = try TransportServer(loop) { $0.maxMessageBytes = 256 * 1024 }
        defer { test.stop() }
        let client = try await test.connect()
        // Larger than one outgoing frame, so the echo goes out as continuation frames.
        let text = String(repeating: "0123456789abcdef", count: 100 * 1024 / 16)
        client.send(text)
        #expect(try await client.next() == .text(text))
    }

    /// A message of exactly the default limit (64 KiB), in frames far larger than the 512-byte
    /// receive buffer and cut inside three-byte characters, arrives whole: each frame reaches
    /// the transport in many pieces, and the UTF-8 check carries across them.
    @Test(arguments: EventLoop.allCases)
    func messageOfTheLimitInLargeFragmentsArrivesWhole(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let client = try await test.connect()
        let text = String(repeating: "✓", count: 64 * 1024 / 3) + "x"
        #expect(text.utf8.count == 64 * 1024)
        client.sendFragmented(text, fragmentBytes: 10_000)
        #expect(try await client.next() == .text(text))
    }

    @Test(arguments: EventLoop.allCases)
    func oversizeMessageClosesWith1009(loop: EventLoop) async throws {
        let test = try TransportServer(loop) { $0.maxMessageBytes = 1024 }
        defer { test.stop() }
        let client = try await test.connect()
        // Every fragment is small; only the message as a whole is too big.
        client.sendFragmented(String(repeating: "x", count: 2000), fragmentBytes: 500)
        #expect(try await client.next() == .closed(.messageTooBig))
        #expect(await eventually { test.handler.snapshot.closeCodes.values.contains(.messageTooBig) })
        #expect(test.handler.snapshot.received.isEmpty)
    }

    /// Every fragment and the message as a whole are tiny; only the number of frames is too
    /// much (the default bound is 1,024 frames). A raw client, so the whole message is on the
    /// wire before the server's close frame comes back.
    @Test(arguments: EventLoop.allCases)
    func messageInTooManyFragmentsClosesWith1009(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let socket = try RawWebSocket.connect(port: test.port)
        func fragments(_ count: Int, of byte: UInt8) -> [UInt8] {
            var bytes: [UInt8] = []
            for index in 0..<count {
                let opcode: RawWebSocket.Opcode = index == 0 ? .text : .continuation
                bytes += RawWebSocket.frame(opcode, [byte], isFinal: index == count - 1)
            }
            return bytes
        }
        try socket.connection.write(fragments(1_024, of: UInt8(ascii: "x")))
        #expect(try socket.nextFrame()?.payload == [UInt8](repeating: UInt8(ascii: "x"), count: 1_024))
        try socket.connection.write(fragments(2_000, of: UInt8(ascii: "y")))
        #expect(socket.framesUntilClosed().map(\.closeCode) == [.messageTooBig])
        #expect(test.handler.snapshot.received.map(\.count) == [1_024])
    }

    @Test(arguments: EventLoop.allCases)
    func binaryMessageClosesWith1003(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let client = try await test.connect()
        client.sendBinary([1, 2, 3])
        #expect(try await client.next() == .closed(.unsupportedData))
        #expect(await eventually { test.handler.snapshot.closeCodes.values.contains(.unsupportedData) })
    }

    @Test(arguments: EventLoop.allCases)
    func invalidUTF8ClosesWith1007(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let client = try await test.connect()
        client.sendInvalidUTF8Text([0x68, 0x69, 0xC3, 0x28])
        #expect(try await client.next() == .closed(.invalidPayload))
        #expect(await eventually { test.server.connectionCount == 0 })
        #expect(test.handler.snapshot.received.isEmpty)
    }

    @Test(arguments: EventLoop.allCases)
    func handlerRefusingTheOriginAnswers403(loop: EventLoop) async throws {
        let handler = TestHandler()
        handler.forbiddenOrigins = ["http://evil.test"]
        let test = try TransportServer(loop, handler: handler)
        defer { test.stop() }
        await #expect(throws: TransportError.connectionFailed("the server refused the WebSocket upgrade with HTTP 403")) {
            try await test.connect(origin: "http://evil.test")
        }
        // The same refusal seen by a plain HTTP client.
        let response = try test.get(
            "/ws",
            headers: [
                ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Origin", "http://evil.test"),
                ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "13"),
                ("Sec-WebSocket-Protocol", "focus-sync.v1"),
            ])
        #expect(response.status == 403)
        #expect(test.handler.snapshot.opened.isEmpty)
        _ = try await test.connect(origin: "http://127.0.0.1")
    }

    @Test(arguments: EventLoop.allCases)
    func upgradeWithoutTheSubprotocolIsRefused400(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        await #expect(throws: TransportError.connectionFailed("the server refused the WebSocket upgrade with HTTP 400")) {
            try await test.connect(subprotocol: nil)
        }
        await #expect(throws: TransportError.connectionFailed("the server refused the WebSocket upgrade with HTTP 400")) {
            try await test.connect(subprotocol: "chat")
        }
        #expect(test.handler.snapshot.opened.isEmpty)
    }

    @Test(arguments: EventLoop.allCases)
    func upgradeOffTheWebSocketPathIsRefused404(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        await #expect(throws: TransportError.connectionFailed("the server refused the WebSocket upgrade with HTTP 404")) {
            try await test.connect(path: "/other")
        }
    }

    @Test(arguments: EventLoop.allCases)
    func clientThatStopsReadingIsClosedWith1008(loop: EventLoop) async throws {
        let limit = 64 * 1024
        let handler = TestHandler()
        let test = try TransportServer(loop, handler: handler) { $0.maxQueuedBytes = limit }
        defer { test.stop() }
        let chunk = OutboundMessage(text: String(repeating: "f", count: 4096))
        handler.onText = { [server = test.server] connection, text in
            guard text == "flood" else { return true }
            // Keep sending until the queue overflows; record the high-water mark.
            func flood() {
                guard !connection.isClosing else { return }
                for _ in 0..<16 {
                    connection.send(chunk)
                    let queued = connection.queuedBytes
                    handler.record.withLock { $0.maxQueuedBytes = max($0.maxQueuedBytes, queued) }
                }
                server.schedule(after: .milliseconds(1), flood)
            }
            flood()
            return false
        }
        let client = try await test.connect()
        client.setReading(false)
        client.send("flood")
        #expect(await eventually(timeout: .seconds(20)) { handler.snapshot.overflows > 0 })
        client.setReading(true)
        var event = try await client.next()
        while case .text = event {
            event = try await client.next()
        }
        #expect(event == .closed(.policyViolation))
        #expect(handler.snapshot.maxQueuedBytes <= limit)
        #expect(handler.snapshot.maxQueuedBytes > limit - 2 * 4096)
    }

    @Test(arguments: EventLoop.allCases)
    func aPeerThatNeverAnswersPingsIsDropped(loop: EventLoop) async throws {
        // The default is a PING after 20 s and a hang-up at 50 s; shortened here. A client that
        // stops reading never sees the PING, so it never answers with a PONG.
        let test = try TransportServer(loop) { configuration in
            configuration.pingAfterSeconds = 1
            configuration.hangupSeconds = 2
        }
        defer { test.stop() }
        let client = try await test.connect()
        #expect(await eventually { test.server.connectionCount == 1 })
        client.setReading(false)
        #expect(await eventually(timeout: .seconds(15)) { test.server.connectionCount == 0 })
        #expect(test.handler.snapshot.closeCodes.count == 1)
    }

    @Test(arguments: EventLoop.allCases)
    func shutdownClosesClientsWith1001(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        let first = try await test.connect()
        let second = try await test.connect()
        #expect(await eventually { test.server.connectionCount == 2 })
        test.stop()
        #expect(try await first.next() == .closed(.goingAway))
        #expect(try await second.next() == .closed(.goingAway))
        #expect(test.server.connectionCount == 0)
        #expect(test.handler.snapshot.closeCodes.count == 2)
        test.stop()  // idempotent
        #expect(throws: TransportError.self) { try test.get("/") }
    }

    @Test(arguments: EventLoop.allCases)
    func peerCloseIsReportedOnce(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let client = try await test.connect()
        #expect(await eventually { test.server.connectionCount == 1 })
        client.close(code: CloseCode(rawValue: 4000))
        #expect(await eventually { !test.handler.snapshot.closeCodes.isEmpty })
        #expect(Array(test.handler.snapshot.closeCodes.values) == [CloseCode(rawValue: 4000)])
        #expect(test.server.connectionCount == 0)
    }
}
