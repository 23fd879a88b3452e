import FocusCore
import Foundation
import SwiftUISource
import Testing

/// A source's syntax colours, from the compiler's classification, in the UTF-16 offsets the page
/// indexes its strings with.
@Suite("Syntax highlights")
struct SourceHighlightTests {
    /// Each highlight of `source` as the text it covers (cut by its UTF-16 offsets) and its kind.
    static func pieces(of source: String) -> [(String, SourceHighlight.Kind)] {
        let units = Array(source.utf16)
        return SourceCompilation.compile(source).highlights.map { highlight in
            (String(decoding: units[highlight.at..<highlight.at + highlight.length], as: UTF16.self), highlight.kind)
        }
    }

    @Test("Keywords, types, strings, numbers, comments and attributes come out with their UTF-16 ranges")
    func kinds() {
        let source = """
            // A greeting
            struct Greeting: View {
                @State private var name = "Ada"
                let count = 42, ratio = 0.5
                /// The view.
                var body: some View { Text(name) /* shown */ }
            }
            """
        let pieces = Self.pieces(of: source)
        let expected: [(String, SourceHighlight.Kind)] = [
            ("// A greeting", .comment), ("struct", .keyword), ("View", .type), ("@State", .attribute),
            ("private", .keyword), ("var", .keyword), ("\"Ada\"", .string), ("let", .keyword), ("42", .number),
            ("0.5", .number), ("/// The view.", .comment), ("var", .keyword), ("some", .keyword), ("View", .type),
            ("/* shown */", .comment),
        ]
        #expect(pieces.map(\.0) == expected.map(\.0))
        #expect(pieces.map(\.1) == expected.map(\.1))
        // The first three by their numbers: a string's quotes and text are one highlight.
        let highlights = SourceCompilation.compile(source).highlights
        #expect(
            Array(highlights.prefix(3)) == [
                SourceHighlight(at: 0, length: 13, kind: .comment), SourceHighlight(at: 14, length: 6, kind: .keyword),
                SourceHighlight(at: 31, length: 4, kind: .type),
            ])
    }

    @Test("Non-ASCII text (é, an emoji) before a keyword counts in UTF-16 units, not UTF-8 bytes")
    func nonASCII() throws {
        let source = """
            struct Café: View {
                let title = "Zoë 🎉"; var body: some View { Text(title) }
            }
            """
        let pieces = Self.pieces(of: source)
        #expect(pieces.map(\.0) == ["struct", "View", "let", "\"Zoë 🎉\"", "var", "some", "View"])
        let highlights = SourceCompilation.compile(source).highlights
        // "struct Café: " is 13 UTF-16 units (14 UTF-8 bytes); the string is 8 units (11 bytes) long.
        #expect(highlights[1] == SourceHighlight(at: 13, length: 4, kind: .type))
        let string = try #require(highlights.first { $0.kind == .string })
        #expect(string == SourceHighlight(at: 36, length: 8, kind: .string))
        let keyword = highlights[4]
        #expect(keyword == SourceHighlight(at: 46, length: 3, kind: .keyword))
        #expect(Array(source.utf16)[keyword.at..<keyword.at + 3].elementsEqual("var".utf16))
    }

    @Test("A source with a syntax error has no program but still has its highlights")
    func syntaxError() {
        let source = """
            struct Broken: View {
                var body: some View { Text("Hi" }
            }
            """
        let compiled = SourceCompilation.compile(source)
        #expect(compiled.program == nil)
        #expect(compiled.diagnostics.contains { $0.severity == .error })
        #expect(Self.pieces(of: source).map(\.0) == ["struct", "View", "var", "some", "View", "\"Hi\""])
    }

    @Test("Highlights survive the compiler process's JSON both ways; an answer without them reads as none")
    func codable() throws {
        let compiled = SourceCompilation.compile("let x = 1 // one")
        #expect(compiled.highlights.map(\.kind) == [.keyword, .number, .comment])
        let decoder = JSONDecoder()
        #expect(try decoder.decode(CompiledSource.self, from: JSONEncoder().encode(compiled)) == compiled)
        let old = try decoder.decode(CompiledSource.self, from: Data(#"{"source":"x","diagnostics":[]}"#.utf8))
        #expect(old.highlights.isEmpty)
    }
}
