import Testing
import WebSocketClient
@testable import WebSocketTransport

/// What the server does with frames a conforming client never sends, seen byte for byte.
@Suite("Protocol violations on the wire")
struct ProtocolViolationTests {
    /// libwebsockets fails a frame with reserved bits set with 1002 on its own; the application,
    /// which keeps sending, must not get a single frame onto the wire after that close frame.
    @Test(arguments: EventLoop.allCases)
    func nothingIsWrittenAfterTheCloseFrame(loop: EventLoop) async throws {
        let handler = TestHandler()
        let test = try TestServer(loop, handler: handler)
        defer { test.stop() }
        let message = OutboundMessage(text: "tick")
        handler.onOpen = { [server = test.server] connection in
            func tick() {
                connection.send(message)
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
        // libwebsockets may now wait for our close frame; meanwhile the application keeps sending.
        try await Task.sleep(for: .milliseconds(100))
        try socket.send(.close, [0x03, 0xEA])
        frames += socket.framesUntilClosed()
        #expect(frames.count == lastTick, "\(frames.count - lastTick) frame(s) after the close frame")
    }
}
