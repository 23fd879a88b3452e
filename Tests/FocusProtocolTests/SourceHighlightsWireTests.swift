import FocusCore
import FocusProtocol
import Testing

@Suite("Syntax colours on the wire: three numbers a stretch")
struct SourceHighlightsWireTests {
    /// `import` at 0, `struct` at 16 and `View` at 34, as in docs/PROTOCOL.md's program example.
    static let stretches: SourceHighlights = [
        SourceHighlight(at: 0, length: 6, kind: .keyword), SourceHighlight(at: 16, length: 6, kind: .keyword),
        SourceHighlight(at: 34, length: 4, kind: .type), SourceHighlight(at: 38, length: 9, kind: .directive),
    ]

    @Test("Each stretch is its gap after the one before, its length and its kind's place in allCases")
    func encodesGapsLengthsAndKinds() throws {
        let text = String(decoding: try StreamingJSONEncoder().encode(Self.stretches), as: UTF8.self)
        #expect(text == "[0,6,0,10,6,0,12,4,1,0,9,6]")
        #expect(SourceHighlight.Kind.allCases.firstIndex(of: .directive) == 6)
    }

    @Test("What is encoded decodes to the same stretches, and none is []")
    func roundTrips() throws {
        for highlights in [Self.stretches, []] {
            let bytes = try StreamingJSONEncoder().encode(highlights)
            #expect(try JSONValueDecoder().decode(SourceHighlights.self, from: bytes) == highlights)
        }
    }

    @Test(
        "A list with a negative gap, an empty stretch, an unknown kind or a stretch cut short is refused",
        arguments: ["[-1,6,0]", "[0,0,0]", "[0,6,7]", "[0,6]", "[0,6,\"keyword\"]"])
    func refusesMalformedLists(json: String) {
        #expect(throws: (any Error).self) { try JSONValueDecoder().decode(SourceHighlights.self, from: Array(json.utf8)) }
    }
}
