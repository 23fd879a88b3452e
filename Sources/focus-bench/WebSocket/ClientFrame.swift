import TransportWire

/// Writes the frames a client sends (RFC 6455 §5.2–5.3): final, unfragmented, and masked.
enum ClientFrame {
    /// Appends one frame carrying `payload`, masked with `mask`, to `output`.
    static func append<Payload: Collection<UInt8>>(
        _ opcode: WebSocketOpcode, _ payload: Payload, mask: UInt32, to output: inout [UInt8]
    ) {
        let count = payload.count
        output.reserveCapacity(output.count + count + 14)
        output.append(0x80 | opcode.rawValue)
        if count < 126 {
            output.append(0x80 | UInt8(count))
        } else if count <= 0xFFFF {
            output.append(0x80 | 126)
            output.append(UInt8(truncatingIfNeeded: count >> 8))
            output.append(UInt8(truncatingIfNeeded: count))
        } else {
            output.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                output.append(UInt8(truncatingIfNeeded: count >> shift))
            }
        }
        let maskBytes = (
            UInt8(truncatingIfNeeded: mask >> 24), UInt8(truncatingIfNeeded: mask >> 16),
            UInt8(truncatingIfNeeded: mask >> 8), UInt8(truncatingIfNeeded: mask)
        )
        output.append(maskBytes.0)
        output.append(maskBytes.1)
        output.append(maskBytes.2)
        output.append(maskBytes.3)
        var position = 0
        for byte in payload {
            switch position & 3 {
            case 0: output.append(byte ^ maskBytes.0)
            case 1: output.append(byte ^ maskBytes.1)
            case 2: output.append(byte ^ maskBytes.2)
            default: output.append(byte ^ maskBytes.3)
            }
            position += 1
        }
    }

    /// The payload of a close frame: the code, big-endian.
    static func closePayload(code: UInt16) -> [UInt8] {
        [UInt8(code >> 8), UInt8(code & 0xFF)]
    }

    /// The code in a close frame's payload, or nil when it has none.
    static func closeCode(in payload: ArraySlice<UInt8>) -> UInt16? {
        guard payload.count >= 2 else { return nil }
        return UInt16(payload[payload.startIndex]) << 8 | UInt16(payload[payload.startIndex + 1])
    }
}
