import TransportWire
import WebSocketTransport

/// A WebSocket client that writes frames byte for byte, for tests of what a server does with
/// frames no well-behaved client sends (unmasked, reserved bits set) and of control frames
/// (pings, pongs, close) that ``WebSocketClient`` hides.
///
/// Blocking, one thread; every operation shares the deadline given to ``connect(host:port:path:subprotocol:origin:timeout:)``.
public final class RawWebSocket {
    /// RFC 6455 opcodes.
    public typealias Opcode = WebSocketOpcode

    /// A frame as it arrived (server frames are not masked).
    public struct Frame: Sendable, Equatable {
        public var isFinal: Bool
        /// The three reserved bits, as the top bits of the first byte (`0x70` mask).
        public var reservedBits: UInt8
        public var opcode: UInt8
        public var payload: [UInt8]

        /// The status code of a close frame, if it carries one.
        public var closeCode: CloseCode? {
            guard opcode == Opcode.close.rawValue, payload.count >= 2 else { return nil }
            return CloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        }

        public var text: String { String(decoding: payload, as: UTF8.self) }
    }

    public let connection: TCPConnection
    private var received: [UInt8]

    private init(connection: TCPConnection, leftover: [UInt8]) {
        self.connection = connection
        received = leftover
    }

    deinit {
        connection.close()
    }

    /// Connects and completes the opening handshake; throws when the server answers anything
    /// but `101` (the status is in the error).
    public static func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/ws", subprotocol: String? = "focus-sync.v1",
        origin: String? = nil, timeout: Duration = .seconds(5)
    ) throws(TransportError) -> RawWebSocket {
        let connection = try TCPConnection(host: host, port: port, timeout: timeout)
        var head =
            "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let subprotocol { head += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        if let origin { head += "Origin: \(origin)\r\n" }
        head += "\r\n"
        do throws(TransportError) {
            try connection.write(Array(head.utf8))
            var received: [UInt8] = []
            while true {
                let chunk = try connection.read()
                guard !chunk.isEmpty else {
                    throw TransportError.connectionFailed("the server closed the connection during the handshake")
                }
                received += chunk
                guard let end = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound else { continue }
                let statusLine = String(decoding: received.prefix(while: { $0 != 13 }), as: UTF8.self)
                guard statusLine.hasPrefix("HTTP/1.1 101 ") else {
                    throw TransportError.connectionFailed("the server refused the WebSocket upgrade: \(statusLine)")
                }
                return RawWebSocket(connection: connection, leftover: Array(received[end...]))
            }
        } catch {
            connection.close()
            throw error
        }
    }

    /// Sends one frame. `masked: false` breaks RFC 6455 section 5.1 on purpose; `reservedBits`
    /// (a `0x70` mask) sets RSV1–3.
    public func send(
        _ opcode: Opcode, _ payload: [UInt8] = [], isFinal: Bool = true, reservedBits: UInt8 = 0, masked: Bool = true
    ) throws(TransportError) {
        try connection.write(Self.frame(opcode, payload, isFinal: isFinal, reservedBits: reservedBits, masked: masked))
    }

    /// The bytes of one client frame, with a fixed mask key when `masked`.
    public static func frame(
        _ opcode: Opcode, _ payload: [UInt8], isFinal: Bool = true, reservedBits: UInt8 = 0, masked: Bool = true
    ) -> [UInt8] {
        var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | (reservedBits & 0x70) | opcode.rawValue]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126:
            bytes.append(maskBit | UInt8(payload.count))
        case ..<65_536:
            bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
    }

    /// The next frame, or nil once the server has closed the connection. With `answeringPings`,
    /// pings are answered with a pong carrying their payload and skipped.
    public func nextFrame(answeringPings: Bool = false) throws(TransportError) -> Frame? {
        while true {
            if let frame = Self.parseFrame(&received) {
                if answeringPings && frame.opcode == Opcode.ping.rawValue {
                    try send(.pong, frame.payload)
                    continue
                }
                return frame
            }
            let chunk = try connection.read()
            guard !chunk.isEmpty else { return nil }
            received += chunk
        }
    }

    /// The next frame if one arrives within `wait` (nil otherwise, or once the connection closed).
    public func nextFrame(within wait: Duration) throws(TransportError) -> Frame? {
        while true {
            if let frame = Self.parseFrame(&received) { return frame }
            guard let chunk = try connection.read(within: wait), !chunk.isEmpty else { return nil }
            received += chunk
        }
    }

    /// Reads frames until the server closes the connection, answering its close frame with one of
    /// ours (so the server need not wait out its close timeout). Returns every frame, the close
    /// frame included; stops early when the deadline passes.
    public func framesUntilClosed() -> [Frame] {
        var frames: [Frame] = []
        while let frame = try? nextFrame(answeringPings: true) {
            frames.append(frame)
            if frame.opcode == Opcode.close.rawValue {
                try? send(.close, Array(frame.payload.prefix(2)))
            }
        }
        return frames
    }

    /// Removes one whole (unmasked) server frame from the front of `bytes`, or returns nil when
    /// `bytes` does not hold one yet.
    private static func parseFrame(_ bytes: inout [UInt8]) -> Frame? {
        guard bytes.count >= 2 else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        let maskOffset = offset
        if bytes[1] & 0x80 != 0 { offset += 4 }
        guard bytes.count >= offset + length else { return nil }
        var payload = Array(bytes[offset..<offset + length])
        if bytes[1] & 0x80 != 0 {
            let key = Array(bytes[maskOffset..<maskOffset + 4])
            payload = payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
        }
        let frame = Frame(isFinal: bytes[0] & 0x80 != 0, reservedBits: bytes[0] & 0x70, opcode: bytes[0] & 0x0F, payload: payload)
        bytes.removeFirst(offset + length)
        return frame
    }
}
