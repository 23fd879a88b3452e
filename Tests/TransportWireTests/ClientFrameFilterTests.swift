import Testing
import TransportWire

@Suite("Client frame filter")
struct ClientFrameFilterTests {
    /// A client frame with the given opcode and a payload of `count` bytes of `fill`, masked
    /// with the key 1 2 3 4 unless `masked` is false.
    private func frame(_ opcode: UInt8, _ count: Int, fill: UInt8 = 0x61, masked: Bool = true, fin: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let mask: UInt8 = masked ? 0x80 : 0
        switch count {
        case ..<126: bytes.append(mask | UInt8(count))
        case ..<65_536: bytes += [mask | 126, UInt8(count >> 8), UInt8(count & 0xFF)]
        default: bytes += [mask | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) }
        }
        let key: [UInt8] = [1, 2, 3, 4]
        let payload = [UInt8](repeating: fill, count: count)
        return masked ? bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset & 3] } : bytes + payload
    }

    /// Runs `stream` through a filter in two pieces cut at `cut`; returns what libwebsockets
    /// would see, the PINGs, and where a violation stopped the stream (as an offset in `stream`).
    private func filter(_ stream: [UInt8], cut: Int) -> (visible: [UInt8], pings: [[UInt8]], violation: Int?) {
        var filter = ClientFrameFilter()
        var visible: [UInt8] = []
        var pings: [[UInt8]] = []
        for (start, piece) in [(0, stream[..<cut]), (cut, stream[cut...])] {
            let scan = filter.scan(piece)
            pings += scan.pings
            let end = scan.violationAt ?? piece.count
            for offset in 0..<end where !scan.hidden.contains(where: { $0.contains(offset) }) {
                visible.append(piece[piece.startIndex + offset])
            }
            if let at = scan.violationAt { return (visible, pings, start + at) }
        }
        return (visible, pings, nil)
    }

    @Test func passesMaskedFramesOfEverySizeUnchanged() {
        let stream = frame(1, 0) + frame(2, 125) + frame(1, 126) + frame(2, 70_000) + frame(0xA, 3)
        for cut in [0, 1, 2, 7, 140, stream.count / 2, stream.count] {
            let result = filter(stream, cut: cut)
            #expect(result.visible == stream && result.pings.isEmpty && result.violation == nil, "cut at \(cut)")
        }
    }

    @Test func takesPingsOutWhereverTheStreamIsCut() {
        let text = frame(1, 10, fill: 0x74)
        let stream = text + frame(9, 5, fill: 0x70) + frame(1, 3, fin: false) + frame(9, 0) + frame(0, 4)
        for cut in 0...stream.count {
            let result = filter(stream, cut: cut)
            #expect(result.visible == text + frame(1, 3, fin: false) + frame(0, 4), "cut at \(cut)")
            #expect(result.pings == [[UInt8](repeating: 0x70, count: 5), []], "cut at \(cut)")
        }
    }

    @Test func stopsAtAnUnmaskedFrameWhereverTheStreamIsCut() {
        let before = frame(1, 200) + frame(9, 2)
        let stream = before + frame(1, 5, masked: false) + frame(1, 1)
        let start = before.count
        for cut in 0...stream.count {
            let result = filter(stream, cut: cut)
            // Offset of the violation: the frame's start, or the second piece's start when the
            // frame began in the first.
            #expect(result.violation == (cut > start + 1 || cut <= start ? start : cut), "cut at \(cut)")
            // The violating frame's first byte has gone when the cut falls right after it.
            #expect(result.visible == frame(1, 200) + (cut == start + 1 ? [stream[start]] : []), "cut at \(cut)")
        }
    }

    @Test(
        arguments: [
            [0x89, 0xFE, 0x00, 0x7E],  // a PING longer than 125 bytes
            [0x09, 0x81],  // a fragmented PING
            [0xC9, 0x81],  // a PING with a reserved bit
        ] as [[UInt8]])
    func aMalformedPingIsAViolation(header: [UInt8]) {
        var filter = ClientFrameFilter()
        #expect(filter.scan(frame(1, 3) + header + [0, 0, 0, 0]).violationAt == frame(1, 3).count)
        #expect(filter.sawViolation)
    }
}
