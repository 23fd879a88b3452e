import Locking
import NetworkClients
import TestSupport
import Testing

@testable import WebSocketTransport

/// What the server does with frames a conforming client never sends, seen byte for byte.
@Suite("Protocol violations on the wire", .tags(.transport, .long))
struct ProtocolViolationTests {
    /// RFC 6455 section 5.1: a server must close the connection when a client frame is not masked.
    @Test(arguments: EventLoop.allCases)
    func unmaskedFrameClosesWith1002(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let socket = try RawWebSocket.connect(port: test.port)
        try socket.send(.text, Array("masked".utf8))
        #expect(try socket.nextFrame()?.text == "masked")
        try socket.send(.text, Array("not masked".utf8), masked: false)
        let frames = socket.framesUntilClosed()
        #expect(frames.map(\.opcode) == [RawWebSocket.Opcode.close.rawValue])
        #expect(frames.last?.closeCode == .protocolError)
        #expect(test.handler.snapshot.received == ["masked"])
        #expect(test.handler.snapshot.closeCodes.values.contains(.protocolError))
    }

    /// An unmasked frame in the same packet as the handshake, before the connection exists.
    @Test(arguments: EventLoop.allCases)
    func unmaskedFrameWithTheHandshakeClosesWith1002(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let socket = try TCPConnection(port: test.port)
        defer { socket.close() }
        let handshake =
            "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: focus-sync.v1\r\n\r\n"
        try socket.write(Array(handshake.utf8) + RawWebSocket.frame(.text, Array("early".utf8), masked: false))
        let reply = socket.readToEnd()
        #expect(String(decoding: reply.prefix(12), as: UTF8.self) == "HTTP/1.1 101")
        // The close frame: FIN + opcode 8, then 1002.
        let close: [UInt8] = [0x88]
        #expect(reply.firstRange(of: close) != nil)
        #expect(reply.firstRange(of: [0x03, 0xEA]) != nil)
        #expect(test.handler.snapshot.received.isEmpty)
    }

    /// An unmasked control frame is refused the same way, and never answered (libwebsockets
    /// would answer a PING itself: it never sees this one).
    @Test(arguments: EventLoop.allCases)
    func unmaskedPingClosesWith1002(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let socket = try RawWebSocket.connect(port: test.port)
        try socket.send(.ping, Array("are you there".utf8), masked: false)
        let frames = socket.framesUntilClosed()
        #expect(frames.last?.closeCode == .protocolError)
        #expect(!frames.contains { $0.opcode == RawWebSocket.Opcode.pong.rawValue })
    }

    /// Text is checked by the transport alone (libwebsockets' UTF-8 check is off), close
    /// reasons included.
    @Test(arguments: EventLoop.allCases)
    func closeReasonThatIsNotUTF8ClosesWith1007(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let socket = try RawWebSocket.connect(port: test.port)
        try socket.send(.close, [0x03, 0xE8, 0xCE, 0xBA, 0xED, 0xA0, 0x80])
        #expect(socket.framesUntilClosed().last?.closeCode == .invalidPayload)
    }

    /// libwebsockets fails a frame with reserved bits set with 1002 on its own; the application,
    /// which keeps sending, must not get a single frame onto the wire after that close frame.
    @Test(arguments: EventLoop.allCases)
    func nothingIsWrittenAfterTheCloseFrame(loop: EventLoop) async throws {
        let handler = TestHandler()
        let test = try TransportServer(loop, handler: handler)
        defer { test.stop() }
        let message = OutboundMessage(text: "tick")
        let ticks = Locked(0)
        handler.onOpen = { [server = test.server] connection in
            func tick() {
                connection.send(message)
                ticks.withLock { $0 += 1 }
                guard handler.snapshot.closeCodes[connection.id] == nil else { return }
                server.schedule(after: .milliseconds(2), tick)
            }
            tick()
        }
        let socket = try RawWebSocket.connect(port: test.port)
        #expect(try socket.nextFrame()?.text == "tick")
        try socket.send(.text, Array("reserved".utf8), reservedBits: 0x40)
        var frames: [RawWebSocket.Frame] = []
        var close: RawWebSocket.Frame?
        while close == nil, let frame = try socket.nextFrame() {
            if frame.opcode == RawWebSocket.Opcode.close.rawValue { close = frame } else { frames.append(frame) }
        }
        #expect(close?.closeCode == .protocolError)
        let lastTick = frames.count
        // libwebsockets may now wait for our close frame; meanwhile the application keeps sending:
        // wait until it has tried 20 more times, or has seen the connection close.
        let ticksAtClose = ticks.withLock { $0 }
        #expect(await eventually { ticks.withLock { $0 } >= ticksAtClose + 20 || !handler.snapshot.closeCodes.isEmpty })
        try socket.send(.close, [0x03, 0xEA])
        frames += socket.framesUntilClosed()
        #expect(frames.count == lastTick, "\(frames.count - lastTick) frame(s) after the close frame")
    }
}
