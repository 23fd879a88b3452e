/// Reassembles one text message from the pieces libwebsockets delivers (several per frame
/// when a frame is large, several frames when the message is fragmented), counting the size
/// across all of them.
struct MessageAssembler {
    enum Outcome {
        case needMore
        case complete([UInt8])
        /// The message would exceed the limit; what arrived so far was dropped.
        case tooBig
    }

    let limit: Int
    private var buffer: [UInt8] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds the next piece; `isFinal` is true for the last piece of the message's last frame.
    mutating func append(_ piece: UnsafeRawBufferPointer, isFinal: Bool) -> Outcome {
        guard piece.count <= limit - buffer.count else {
            buffer = []
            return .tooBig
        }
        if isFinal && buffer.isEmpty {
            return .complete(Array(piece))
        }
        buffer.append(contentsOf: piece)
        guard isFinal else { return .needMore }
        defer { buffer = [] }
        return .complete(buffer)
    }
}
