/// Reassembles one WebSocket message from the pieces the frame parser delivers (several per
/// frame when a frame is large, several frames when the message is fragmented), bounding the
/// message in bytes and in frames, and checking text as UTF-8 as it arrives.
package struct MessageAssembler: Sendable {
    /// What a message carries: its first frame's opcode.
    package enum Kind: Sendable, Equatable {
        case text
        case binary
    }

    package enum Outcome: Sendable, Equatable {
        case needMore
        case complete(Kind, [UInt8])
        /// The message would exceed ``maxBytes``; what arrived so far was dropped.
        case tooBig
        /// The message has more than ``maxFragments`` frames; what arrived so far was dropped.
        case tooManyFragments
        /// A text message is not valid UTF-8 (checked as the bytes arrive, so a message is
        /// refused at its first bad byte); what arrived so far was dropped.
        case invalidUTF8
    }

    package let maxBytes: Int
    package let maxFragments: Int
    private var buffer: [UInt8] = []
    private var kind: Kind?
    private var frames = 0
    private var utf8 = UTF8Validator()

    /// `maxFragments` bounds the frames of one message: without it, a peer could send a
    /// message as one-byte (or empty) frames and make the server do per-frame work for ever.
    package init(maxBytes: Int, maxFragments: Int = 1024) {
        self.maxBytes = maxBytes
        self.maxFragments = maxFragments
    }

    /// Adds the next piece. `kind` is the message's kind (taken from its first piece);
    /// `endsFrame` is true for the last piece of a frame, `endsMessage` for the last piece of the
    /// message's final frame.
    package mutating func append(
        _ piece: some Collection<UInt8>, kind pieceKind: Kind, endsFrame: Bool, endsMessage: Bool
    ) -> Outcome {
        let kind = self.kind ?? pieceKind
        guard piece.count <= maxBytes - buffer.count else { return fail(.tooBig) }
        if endsFrame {
            frames += 1
            guard frames <= maxFragments else { return fail(.tooManyFragments) }
        }
        if kind == .text {
            guard utf8.validate(piece), !endsMessage || utf8.isAtBoundary else { return fail(.invalidUTF8) }
        }
        if endsMessage && buffer.isEmpty {
            reset()
            return .complete(kind, Array(piece))
        }
        buffer.append(contentsOf: piece)
        guard endsMessage else {
            self.kind = kind
            return .needMore
        }
        defer { reset() }
        return .complete(kind, buffer)
    }

    private mutating func fail(_ outcome: Outcome) -> Outcome {
        reset()
        return outcome
    }

    private mutating func reset() {
        buffer = []
        kind = nil
        frames = 0
        utf8 = UTF8Validator()
    }
}
