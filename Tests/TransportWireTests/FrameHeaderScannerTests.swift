import Testing
import TransportWire

@Suite("Frame header scanner")
struct FrameHeaderScannerTests {
    /// A client frame header and payload (the mask key is zero, so the payload is as written).
    private func frame(_ payloadLength: Int, masked: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0x81]
        let mask: UInt8 = masked ? 0x80 : 0
        switch payloadLength {
        case ..<126: bytes.append(mask | UInt8(payloadLength))
        case ..<65_536: bytes += [mask | 126, UInt8(payloadLength >> 8), UInt8(payloadLength & 0xFF)]
        default: bytes += [mask | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payloadLength >> ($0 * 8)) }
        }
        return bytes + (masked ? [0, 0, 0, 0] : []) + [UInt8](repeating: 0x81, count: payloadLength)
    }

    @Test func followsMaskedFramesOfEverySize() {
        var scanner = FrameHeaderScanner()
        let stream = frame(0) + frame(125) + frame(126) + frame(70_000) + frame(3)
        let found = scanner.scan(stream)
        #expect(found == nil && !scanner.sawUnmaskedFrame)
    }

    /// Reports how many bytes of the piece come before the unmasked frame, wherever the stream
    /// is cut (0 when the frame began in the earlier piece).
    @Test func findsTheUnmaskedFrameWhereverTheStreamIsCut() {
        let start = (frame(200) + frame(10)).count
        let stream = frame(200) + frame(10) + frame(5, masked: false) + frame(1)
        for cut in 0...stream.count {
            var scanner = FrameHeaderScanner()
            let first = scanner.scan(stream[..<cut])
            let second = scanner.scan(stream[cut...])
            // The mask bit is in the frame's second byte.
            if cut >= start + 2 {
                #expect(first == start && second == nil, "cut at \(cut)")
            } else {
                #expect(first == nil && second == max(0, start - cut), "cut at \(cut)")
            }
            #expect(scanner.sawUnmaskedFrame)
        }
    }
}
