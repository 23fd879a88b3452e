import NetworkClients
import TestSupport
import Testing

@testable import WebSocketTransport

/// The options a conformance test peer needs: no subprotocol, binary messages.
@Suite("Binary messages and optional subprotocol", .tags(.transport))
struct BinaryMessageTests {
    @Test(arguments: EventLoop.allCases)
    func binaryMessagesReachTheHandlerWhenAccepted(loop: EventLoop) throws {
        let test = try TransportServer(loop) { configuration in
            configuration.acceptsBinaryMessages = true
            configuration.requiresSubprotocol = false
        }
        defer { test.stop() }
        let socket = try RawWebSocket.connect(port: test.port, subprotocol: nil)
        let bytes: [UInt8] = [0, 0xFF, 0xC3, 0x28]
        try socket.send(.binary, Array(bytes[..<2]), isFinal: false)
        try socket.send(.continuation, Array(bytes[2...]))
        let echo = try #require(try socket.nextFrame())
        #expect(echo.opcode == RawWebSocket.Opcode.binary.rawValue && echo.payload == bytes)
        try socket.send(.text, Array("still text".utf8))
        #expect(try socket.nextFrame()?.text == "still text")
    }

    /// Every PING is answered, in order, even several in a row (libwebsockets answered only the
    /// first), and a PONG goes out before a message that completed after its PING.
    @Test(arguments: EventLoop.allCases)
    func everyPingIsAnsweredInOrder(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let socket = try RawWebSocket.connect(port: test.port)
        var bytes: [UInt8] = []
        for index in 0..<10 {
            bytes += RawWebSocket.frame(.ping, Array("ping \(index)".utf8))
        }
        bytes += RawWebSocket.frame(.text, Array("frag".utf8), isFinal: false)
        bytes += RawWebSocket.frame(.ping, Array("between".utf8))
        bytes += RawWebSocket.frame(.continuation, Array("ment".utf8))
        try socket.connection.write(bytes)
        var received: [String] = []
        while received.count < 12, let frame = try socket.nextFrame() {
            received.append("\(frame.opcode == RawWebSocket.Opcode.pong.rawValue ? "pong" : "text") \(frame.text)")
        }
        #expect(received == (0..<10).map { "pong ping \($0)" } + ["pong between", "text fragment"])
    }
}
