/// Follows a client's frames (RFC 6455 section 5.2) as they are read, before libwebsockets sees
/// them, without touching the payloads it passes on:
/// - PING frames are taken out and their payloads handed to the transport, which answers each
///   with its own PONG, in order. (libwebsockets 4.1.6 answers only the first of several PINGs,
///   keeps the PONG in a buffer its keepalive overwrites, and sends it after messages written
///   meanwhile.)
/// - A frame that is not masked (section 5.1 requires every client frame to be), or a malformed
///   PING (fragmented, reserved bits, longer than 125 bytes), is a protocol violation: nothing
///   from it on should reach libwebsockets, and the connection is closed with 1002.
///
/// Bytes may arrive in any pieces; the filter keeps its place across them.
package struct ClientFrameFilter: Sendable, Equatable {
    /// What one piece holds.
    package struct Scan: Sendable, Equatable {
        /// Ranges of the piece (offsets from its start) that belong to PING frames: libwebsockets
        /// must not see them.
        package var hidden: [Range<Int>] = []
        /// The payloads of the PINGs completed in this piece, in order.
        package var pings: [[UInt8]] = []
        /// The offset in the piece of the frame that breaks the protocol (0 when it began in an
        /// earlier piece): hand nothing over from there on.
        package var violationAt: Int?

        package init(hidden: [Range<Int>] = [], pings: [[UInt8]] = [], violationAt: Int? = nil) {
            self.hidden = hidden
            self.pings = pings
            self.violationAt = violationAt
        }
    }

    private enum Place: Sendable, Equatable {
        /// At the first byte of a frame (FIN, RSV, opcode).
        case frameStart
        /// At the second byte (MASK, 7-bit length).
        case lengthByte
        /// Reading a 16- or 64-bit extended length: `remaining` bytes to go.
        case extendedLength(remaining: Int, value: UInt64)
        /// Reading the masking key of a frame of `length` payload bytes.
        case maskKey(length: UInt64)
        /// Reading (a PING) or skipping the payload: `remaining` bytes to go.
        case payload(remaining: UInt64)
    }

    private var place = Place.frameStart
    private var frameIsPing = false
    /// The masking key's bytes, the first in the lowest byte, and how many have arrived: held
    /// in an integer, so that following a frame allocates nothing.
    private var key: UInt32 = 0
    private var keyBytes = 0
    private var ping: [UInt8] = []
    /// True once a violation was found; the filter then stops.
    package private(set) var sawViolation = false

    package init() {}

    /// Follows `bytes`, the next piece of the stream.
    package mutating func scan(_ bytes: some Collection<UInt8>) -> Scan {
        var scan = Scan()
        guard !sawViolation else { return scan }
        var offset = 0
        // Where the current frame began in this piece (0 when it began in an earlier one).
        var frameStart = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            switch place {
            case .frameStart:
                let byte = bytes[index]
                frameStart = offset
                frameIsPing = byte & 0x0F == 0x9
                guard !frameIsPing || (byte & 0x80 != 0 && byte & 0x70 == 0) else {
                    return violation(in: scan, at: frameStart)
                }
                place = .lengthByte
            case .lengthByte:
                let byte = bytes[index]
                let length = byte & 0x7F
                guard byte & 0x80 != 0, !frameIsPing || length <= 125 else {
                    return violation(in: scan, at: frameStart)
                }
                place =
                    switch length {
                    case 126: .extendedLength(remaining: 2, value: 0)
                    case 127: .extendedLength(remaining: 8, value: 0)
                    default: .maskKey(length: UInt64(length))
                    }
            case .extendedLength(let remaining, let value):
                let length = value << 8 | UInt64(bytes[index])
                place = remaining > 1 ? .extendedLength(remaining: remaining - 1, value: length) : .maskKey(length: length)
            case .maskKey(let length):
                key |= UInt32(bytes[index]) << (8 * keyBytes)
                keyBytes += 1
                if keyBytes == 4 {
                    place = .payload(remaining: length)
                }
            case .payload(let remaining):
                // The payload in bulk: only a PING's is looked at.
                let count = Int(min(remaining, UInt64(bytes.distance(from: index, to: bytes.endIndex))))
                let end = bytes.index(index, offsetBy: count)
                if frameIsPing {
                    for masked in bytes[index..<end] {
                        ping.append(masked ^ UInt8(truncatingIfNeeded: key >> (8 * (ping.count & 3))))
                    }
                }
                index = end
                offset += count
                place = .payload(remaining: remaining - UInt64(count))
                if remaining == UInt64(count) {
                    finishFrame(in: &scan, from: frameStart, to: offset)
                }
                continue
            }
            bytes.formIndex(after: &index)
            offset += 1
            if case .payload(0) = place {
                finishFrame(in: &scan, from: frameStart, to: offset)
            }
        }
        if frameIsPing {
            // A PING still arriving: hide what of it is here.
            scan.hidden.append(frameStart..<offset)
        }
        return scan
    }

    private mutating func violation(in scan: Scan, at offset: Int) -> Scan {
        sawViolation = true
        var scan = scan
        scan.violationAt = offset
        return scan
    }

    private mutating func finishFrame(in scan: inout Scan, from start: Int, to end: Int) {
        if frameIsPing {
            scan.hidden.append(start..<end)
            scan.pings.append(ping)
        }
        place = .frameStart
        frameIsPing = false
        key = 0
        keyBytes = 0
        ping = []
    }
}
