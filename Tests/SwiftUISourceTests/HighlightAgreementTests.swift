import FocusCore
import Foundation
import SwiftIDEUtils
import SwiftParser
import SwiftSyntax
import SwiftUISource
import Testing

/// The reader colours a source from the parser's tokens by the toolchain's rules; here its
/// stretches are held to the toolchain's own classification (SwiftIDEUtils) on every SwiftUI source
/// in the repository and on sources made to reach the rules' corners.
@Suite("Syntax highlights agree with the toolchain's classification")
struct HighlightAgreementTests {
    /// Every `.swift` source the page offers (the seed screens and the examples), the fixtures,
    /// and the sources of the fuzz corpus (control characters, vertical tabs, deep brackets).
    static let repositorySources: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folders = ["Public/examples", "Public/examples/seeds", "Tests/Fixtures", "Tests/Fuzz/Corpus/source-program"]
        return folders.map { root.appendingPathComponent($0) }.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".swift") || folder.lastPathComponent == "source-program" }.sorted()
                .map { folder.appendingPathComponent($0).path }
        }
    }()

    static let corners: [String] = [
        """
        #if DEBUG && !os(macOS)
        import SwiftUI
        #elseif canImport(UIKit)
        import UIKit
        #else
        #endif
        """,
        """
        @available(iOS 17.0, *)
        struct A: View {
            @SwiftUI.State private var s = #"raw "text""#  // trailing comment
            @Environment(\\.dismiss) var dismiss
            nonisolated var x: Swift.Int { 1 }
            var body: some View { Text("a \\(s) b") /* inline */ }
            func f(first second: [Int]?, _ g: @escaping () -> Void) -> Self? { nil }
        }
        """,
        """
        /** doc block */
        let multi = \"\"\"
            lines \\(1 + 2)
            \"\"\"
        let broken = "unterminated
        let c: Character = 'x'
        """,
        "struct Broken: View { var body: some View { Text(\"Hi\" } }",
    ]

    @Test("On every source in the repository", arguments: repositorySources)
    func repositorySource(path: String) throws {
        // A fuzz input is its source, then a NUL and the intents.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let source = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        let compiled = SourceCompilation.compile(source)
        // A source too deep for the parser is refused before it parses, and has no colours.
        if compiled.diagnostics.first?.message.hasPrefix("Square brackets nest more than") == true {
            #expect(compiled.highlights.isEmpty)
            return
        }
        #expect(compiled.highlights.stretches == Self.toolchainHighlights(of: source))
    }

    @Test("On directives, attributes, raw and multi-line strings, comments and broken code", arguments: corners)
    func corner(source: String) {
        #expect(SourceCompilation.compile(source).highlights.stretches == Self.toolchainHighlights(of: source))
    }

    /// The stretches SwiftIDEUtils' classification gives, kept to the coloured kinds, in UTF-16.
    static func toolchainHighlights(of source: String) -> [SourceHighlight] {
        let tree = Parser.parse(source: source)
        let bytes = Array(source.utf8)
        func utf16(_ byte: Int) -> Int { String(decoding: bytes[..<byte], as: UTF8.self).utf16.count }
        var highlights: [SourceHighlight] = []
        for classified in tree.classifications {
            guard let kind = kind(of: classified.kind), !classified.range.isEmpty else { continue }
            let start = utf16(classified.range.lowerBound.utf8Offset)
            let end = utf16(classified.range.upperBound.utf8Offset)
            if let last = highlights.last, last.kind == kind, last.at + last.length == start {
                highlights[highlights.count - 1].length = end - last.at
            } else {
                highlights.append(SourceHighlight(at: start, length: end - start, kind: kind))
            }
        }
        return highlights
    }

    static func kind(of classification: SyntaxClassification) -> SourceHighlight.Kind? {
        switch classification {
        case .keyword: .keyword
        case .type: .type
        case .stringLiteral: .string
        case .integerLiteral, .floatLiteral: .number
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: .comment
        case .attribute: .attribute
        case .ifConfigDirective: .directive
        default: nil
        }
    }
}
