/// Follows the frame headers of a client's byte stream (RFC 6455 section 5.2) without touching
/// payloads, to find the first frame that is not masked: section 5.1 requires every client
/// frame to be masked, and libwebsockets 4.1.6 accepts unmasked ones without saying so.
///
/// Bytes may arrive in any pieces; the scanner keeps its place across them. Once it has found
/// an unmasked frame it stops looking (the connection is being closed).
package struct FrameHeaderScanner: Sendable, Equatable {
    private enum Place: Sendable, Equatable {
        /// At the first byte of a frame (FIN, RSV, opcode).
        case frameStart
        /// At the second byte (MASK, 7-bit length).
        case lengthByte
        /// Reading a 16- or 64-bit extended length: `remaining` bytes to go.
        case extendedLength(remaining: Int, value: UInt64)
        /// Skipping the masking key and the payload.
        case skipping(UInt64)
    }

    private var place = Place.frameStart
    /// True once an unmasked frame was seen.
    package private(set) var sawUnmaskedFrame = false

    package init() {}

    /// Follows `bytes`; when they reveal the stream's first unmasked frame, returns how many of
    /// them come before that frame (0 when it began in an earlier piece).
    package mutating func scan(_ bytes: some Collection<UInt8>) -> Int? {
        guard !sawUnmaskedFrame else { return nil }
        var index = bytes.startIndex
        while index != bytes.endIndex {
            switch place {
            case .frameStart:
                place = .lengthByte
                bytes.formIndex(after: &index)
            case .lengthByte:
                let byte = bytes[index]
                guard byte & 0x80 != 0 else {
                    sawUnmaskedFrame = true
                    return max(0, bytes.distance(from: bytes.startIndex, to: index) - 1)
                }
                bytes.formIndex(after: &index)
                switch byte & 0x7F {
                case 126: place = .extendedLength(remaining: 2, value: 0)
                case 127: place = .extendedLength(remaining: 8, value: 0)
                case let length: place = .skipping(4 + UInt64(length))
                }
            case .extendedLength(let remaining, let value):
                let length = value << 8 | UInt64(bytes[index])
                bytes.formIndex(after: &index)
                // A 64-bit length does not fit after the key: the frame is refused elsewhere, and
                // nothing after it can be followed anyway.
                place = remaining > 1 ? .extendedLength(remaining: remaining - 1, value: length) : .skipping(length &+ 4)
            case .skipping(let count):
                let available = UInt64(bytes.distance(from: index, to: bytes.endIndex))
                guard count <= available else {
                    place = .skipping(count - available)
                    return nil
                }
                bytes.formIndex(&index, offsetBy: Int(count))
                place = .frameStart
            }
        }
        return nil
    }
}
