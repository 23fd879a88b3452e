import TransportWire

extension FuzzTarget {
    /// The strict request-head parser, alone and behind the inbound stream with the input cut
    /// into reads of varying sizes.
    public static let requestHead = FuzzTarget(name: "request-head") { input in
        let parser = RequestHeadParser(maxBodyBytes: 1_000)
        if case .success(let head) = parser.parse(input) {
            precondition(head.target.first == UInt8(ascii: "/"), "an accepted target must be a path")
            precondition(head.contentLength >= 0 && head.contentLength <= 1_000, "an accepted length must be within the limit")
            precondition(RequestHeadParser.servedMethods.contains(head.method), "an accepted method must be served")
            precondition(
                !head.isWebSocketUpgrade || (head.method == "GET" && head.contentLength == 0), "an upgrade must be a bodiless GET"
            )
            precondition(
                PercentEncoding.decode(head.target).map { !$0.contains(0) } == true, "an accepted target must decode without NUL")
            // Parsing is a function of the bytes.
            precondition(parser.parse(input) == .success(head))
        }
        streamThroughReads(input, parser: parser)
    }

    /// Feeds `input` through an ``InboundStream`` as a socket would: each read limited by the
    /// stream's plan and by a read size taken from the input itself.
    private static func streamThroughReads(_ input: [UInt8], parser: RequestHeadParser) {
        var stream = InboundStream(parser: parser, maxHeadBytes: 512)
        var waiting = ArraySlice(input)
        var readSize = Int(input.first ?? 7) % 61 + 1
        var handedOver = 0
        var heads = 0
        while !waiting.isEmpty {
            readSize = readSize * 7 % 61 + 1
            switch stream.plan {
            case .head(let peekLimit):
                precondition(peekLimit > 0, "a head read must be allowed to look at something")
                let peeked = waiting.prefix(min(readSize, peekLimit))
                let step = stream.inspect(peeked)
                precondition(step.consume <= peeked.count, "a head step must not take more than it saw")
                precondition(step.consume > 0 || step.handover != nil, "a head step must make progress")
                waiting = waiting.dropFirst(step.consume)
                if let handover = step.handover {
                    precondition(handover.count <= 512 + 4, "a handed-over head must fit the limit")
                    handedOver += handover.count
                    heads += 1
                }
            case .body(let remaining):
                precondition(remaining > 0, "a body read must have bytes left")
                let count = min(readSize, remaining, waiting.count)
                stream.didReadBody(count)
                waiting = waiting.dropFirst(count)
                handedOver += count
            case .frames:
                let scan = stream.scanFrames(waiting.prefix(readSize))
                waiting = waiting.dropFirst(min(readSize, waiting.count))
                _ = scan
            case .discard:
                waiting = []
            }
        }
        // Every head handed over has exactly one verdict.
        var verdicts = 0
        while stream.nextVerdict() != nil { verdicts += 1 }
        precondition(verdicts == heads, "\(heads) heads handed over but \(verdicts) verdicts")
        precondition(handedOver <= input.count + heads * InboundStream.substituteHead.count)
    }
}
