import TransportWire

extension FuzzTarget {
    /// The message assembler: the input is a list of pieces, each a control byte (bit 0 binary,
    /// bit 1 ends a frame, bit 2 ends the message, the rest the length) and that many bytes.
    /// Completed messages must be the pieces joined, within the limits, and text must be
    /// valid UTF-8; a refusal must be deserved.
    public static let messageAssembly = FuzzTarget(name: "message-assembly") { input in
        let maxBytes = 64
        let maxFragments = 8
        var assembler = MessageAssembler(maxBytes: maxBytes, maxFragments: maxFragments)
        var message: [UInt8] = []
        var frames = 0
        var kind: MessageAssembler.Kind?
        var rest = ArraySlice(input)
        while let control = rest.popFirst() {
            let piece = Array(rest.prefix(Int(control >> 3)))
            rest = rest.dropFirst(piece.count)
            let pieceKind: MessageAssembler.Kind = control & 1 == 1 ? .binary : .text
            let endsFrame = control & 2 != 0 || control & 4 != 0
            let endsMessage = control & 4 != 0
            let messageKind = kind ?? pieceKind
            message += piece
            if endsFrame { frames += 1 }
            switch assembler.append(piece, kind: pieceKind, endsFrame: endsFrame, endsMessage: endsMessage) {
            case .needMore:
                precondition(!endsMessage, "a message's last piece must complete or refuse it")
                precondition(message.count <= maxBytes && frames <= maxFragments)
                kind = messageKind
                continue
            case .complete(let completedKind, let bytes):
                precondition(endsMessage, "only a last piece completes a message")
                precondition(completedKind == messageKind && bytes == message, "a message must be its pieces joined")
                precondition(bytes.count <= maxBytes && frames <= maxFragments)
                precondition(completedKind == .binary || String(validating: bytes, as: UTF8.self) != nil, "text must be UTF-8")
            case .tooBig:
                precondition(message.count > maxBytes, "refused as too big at \(message.count) bytes")
            case .tooManyFragments:
                precondition(frames > maxFragments, "refused for \(frames) frames")
            case .invalidUTF8:
                precondition(messageKind == .text, "binary is never refused as UTF-8")
                precondition(
                    endsMessage ? String(validating: message, as: UTF8.self) == nil : !Self.isUTF8Prefix(message),
                    "valid text refused")
            }
            message = []
            frames = 0
            kind = nil
        }
    }

    /// True when some bytes could follow `bytes` to make valid UTF-8.
    private static func isUTF8Prefix(_ bytes: [UInt8]) -> Bool {
        let tails: [[UInt8]] = [
            [], [0x80], [0x80, 0x80], [0x80, 0x80, 0x80], [0xA0, 0x80], [0x90, 0x80, 0x80], [0xBF], [0xBF, 0xBF], [0x9F, 0x80],
            [0x8F, 0x80, 0x80],
        ]
        return tails.contains { String(validating: bytes + $0, as: UTF8.self) != nil }
    }
}
