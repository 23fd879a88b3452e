import Testing
import TransportWire

@Suite("Message reassembly")
struct MessageAssemblerTests {
    private func add(
        _ assembler: inout MessageAssembler, _ piece: [UInt8], kind: MessageAssembler.Kind, endsFrame: Bool, endsMessage: Bool
    ) -> MessageAssembler.Outcome {
        assembler.append(piece, kind: kind, endsFrame: endsFrame, endsMessage: endsMessage)
    }

    @Test func fragmentsAreJoinedInOrder() {
        var assembler = MessageAssembler(maxBytes: 100)
        #expect(add(&assembler, Array("hel".utf8), kind: .text, endsFrame: true, endsMessage: false) == .needMore)
        #expect(add(&assembler, Array("lo".utf8), kind: .text, endsFrame: false, endsMessage: false) == .needMore)
        #expect(
            add(&assembler, Array(" ✓".utf8), kind: .text, endsFrame: true, endsMessage: true)
                == .complete(.text, Array("hello ✓".utf8)))
        // The next message starts afresh.
        #expect(add(&assembler, [1, 2], kind: .binary, endsFrame: true, endsMessage: true) == .complete(.binary, [1, 2]))
    }

    @Test func sizeCountsAcrossFragments() {
        var assembler = MessageAssembler(maxBytes: 10)
        #expect(add(&assembler, [UInt8](repeating: 65, count: 6), kind: .text, endsFrame: true, endsMessage: false) == .needMore)
        #expect(add(&assembler, [UInt8](repeating: 65, count: 5), kind: .text, endsFrame: true, endsMessage: true) == .tooBig)
        #expect(
            add(&assembler, [UInt8](repeating: 65, count: 10), kind: .text, endsFrame: true, endsMessage: true)
                == .complete(.text, [UInt8](repeating: 65, count: 10)))
    }

    @Test func textIsRefusedAtItsFirstInvalidByteAndAtATruncatedEnd() {
        var assembler = MessageAssembler(maxBytes: 100)
        #expect(add(&assembler, [0x68, 0xC3], kind: .text, endsFrame: true, endsMessage: false) == .needMore)
        #expect(add(&assembler, [0x28], kind: .text, endsFrame: false, endsMessage: false) == .invalidUTF8)
        #expect(add(&assembler, [0x68, 0xC3], kind: .text, endsFrame: true, endsMessage: true) == .invalidUTF8)
        // Binary messages are not text.
        #expect(
            add(&assembler, [0xC3, 0x28], kind: .binary, endsFrame: true, endsMessage: true) == .complete(.binary, [0xC3, 0x28]))
    }

    @Test func theKindIsTheFirstFramesKind() {
        var assembler = MessageAssembler(maxBytes: 100)
        #expect(add(&assembler, [0xC3], kind: .binary, endsFrame: true, endsMessage: false) == .needMore)
        // Continuation frames carry no kind of their own; the message stays binary.
        #expect(add(&assembler, [0x28], kind: .text, endsFrame: true, endsMessage: true) == .complete(.binary, [0xC3, 0x28]))
    }
}
