import TransportWire

extension FuzzTarget {
    /// The client frame filter: the same stream cut in two places must be filtered the same
    /// way, hidden ranges must be ordered and inside the piece, and no PING is longer than 125.
    public static let clientFrames = FuzzTarget(name: "client-frames") { input in
        func run(cut: Int) -> (visible: [UInt8], pings: [[UInt8]], violation: Int?) {
            var filter = ClientFrameFilter()
            var visible: [UInt8] = []
            var pings: [[UInt8]] = []
            for (start, piece) in [(0, input[..<cut]), (cut, input[cut...])] {
                let scan = filter.scan(piece)
                var previousEnd = 0
                for range in scan.hidden {
                    precondition(
                        range.lowerBound >= previousEnd && range.upperBound <= piece.count, "hidden ranges out of order or bounds"
                    )
                    previousEnd = range.upperBound
                }
                precondition(scan.pings.allSatisfy { $0.count <= 125 }, "a PING longer than 125 bytes")
                pings += scan.pings
                let end = scan.violationAt ?? piece.count
                precondition(end <= piece.count)
                for offset in 0..<end where !scan.hidden.contains(where: { $0.contains(offset) }) {
                    visible.append(piece[piece.startIndex + offset])
                }
                if let at = scan.violationAt { return (visible, pings, start + at) }
            }
            return (visible, pings, nil)
        }
        let whole = run(cut: input.count)
        let cutPoint = Int(input.first ?? 0) % (input.count + 1)
        let cut = run(cut: cutPoint)
        precondition(whole.pings == cut.pings, "PINGs depend on where the stream is cut")
        // A violating frame whose header the cut splits is reported at the second piece's start.
        let sameViolation =
            whole.violation.map { start in cut.violation == start || (start < cutPoint && cut.violation == cutPoint) }
            ?? (cut.violation == nil)
        precondition(sameViolation, "a violation depends on where the stream is cut")
        if whole.violation == nil {
            precondition(whole.visible == cut.visible, "what passes depends on where the stream is cut")
        }
    }
}
