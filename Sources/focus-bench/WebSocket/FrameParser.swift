import TransportWire

/// Reads the frames a server sends (RFC 6455 §5.2): a whole frame at a time, header from its
/// bytes and payload as a range of the buffer, so a payload is never walked byte by byte here.
enum FrameParser {
    struct Frame: Equatable {
        var isFinal: Bool
        var opcode: WebSocketOpcode
        /// Where the payload lies in the buffer that was parsed.
        var payload: Range<Int>
        /// The index just past the frame.
        var end: Int { payload.upperBound }
    }

    enum Outcome: Equatable {
        case frame(Frame)
        /// The frame at that index is not all there yet.
        case incomplete
        /// The bytes break the protocol; the connection must be failed (close code 1002).
        case invalid(String)
    }

    /// Larger frames are refused, far above any message the server sends (64 KiB by default).
    static let maxPayload = 16 << 20

    /// The frame that starts at `start` in `bytes`.
    static func parse(_ bytes: ArraySlice<UInt8>, at start: Int) -> Outcome {
        let available = bytes.endIndex - start
        guard available >= 2 else { return .incomplete }
        let first = bytes[start]
        let second = bytes[start + 1]
        guard first & 0x70 == 0 else { return .invalid("a frame has reserved bits set without an extension") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            return .invalid("a frame has the unknown opcode \(first & 0x0F)")
        }
        guard second & 0x80 == 0 else { return .invalid("the server masked a frame") }
        let isFinal = first & 0x80 != 0
        var length = Int(second & 0x7F)
        var headerLength = 2
        if length == 126 {
            guard available >= 4 else { return .incomplete }
            length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return .incomplete }
            var wide: UInt64 = 0
            for index in 2..<10 {
                wide = wide << 8 | UInt64(bytes[start + index])
            }
            guard wide <= UInt64(maxPayload) else { return .invalid("a frame announces \(wide) bytes") }
            length = Int(wide)
            headerLength = 10
        }
        if opcode.isControl {
            guard isFinal, length <= 125 else { return .invalid("a control frame is fragmented or longer than 125 bytes") }
        }
        guard length <= maxPayload else { return .invalid("a frame announces \(length) bytes") }
        guard available >= headerLength + length else { return .incomplete }
        let payloadStart = start + headerLength
        return .frame(Frame(isFinal: isFinal, opcode: opcode, payload: payloadStart..<(payloadStart + length)))
    }
}
