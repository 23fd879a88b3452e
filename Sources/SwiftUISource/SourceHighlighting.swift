import FocusCore
internal import SwiftIDEUtils
internal import SwiftSyntax

/// A parsed source's syntax colours: the compiler's own classification of its tokens and trivia
/// (SwiftIDEUtils' `classifications`, the one Swift lexer in the project), kept to the kinds worth
/// a colour and moved from the tree's UTF-8 byte offsets to the UTF-16 offsets the page indexes
/// its JavaScript strings with. It works on any tree, one with syntax errors too.
enum SourceHighlighting {
    /// The stretches of `tree` (parsed from `source`) to colour, in source order; neighbouring
    /// stretches of one kind are one (a string's quotes and text).
    static func highlights(of tree: some SyntaxProtocol, in source: String) -> SourceHighlights {
        SourceHighlights(collect(tree, bytes: Array(source.utf8)))
    }

    private static func collect(_ tree: some SyntaxProtocol, bytes: [UInt8]) -> [SourceHighlight] {
        var offsets = UTF16Offsets()
        var highlights: [SourceHighlight] = []
        for classified in tree.classifications {
            let range = classified.range
            guard let kind = kind(of: classified.kind), !range.isEmpty else { continue }
            let start = offsets.offset(at: range.lowerBound.utf8Offset, in: bytes)
            let end = offsets.offset(at: range.upperBound.utf8Offset, in: bytes)
            if let last = highlights.last, last.kind == kind, last.at + last.length == start {
                highlights[highlights.count - 1].length = end - last.at
            } else {
                highlights.append(SourceHighlight(at: start, length: end - start, kind: kind))
            }
        }
        return highlights
    }

    /// The colour of a classification, or `nil` for one drawn plain (names, operators, spaces).
    private static func kind(of classification: SyntaxClassification) -> SourceHighlight.Kind? {
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

/// UTF-8 byte offsets of a text turned into UTF-16 offsets, asked for in increasing order: one
/// pass over the bytes for a whole file.
private struct UTF16Offsets {
    private var byte = 0
    private var unit = 0

    /// The UTF-16 offset of byte `target` of `bytes` (the start of a character, or the end);
    /// asked in increasing order, each costs only the bytes since the one before.
    mutating func offset(at target: Int, in bytes: [UInt8]) -> Int {
        let target = min(target, bytes.count)
        if target < byte { (byte, unit) = (0, 0) }
        while byte < target {
            let lead = bytes[byte]
            // A scalar's first byte says its UTF-8 length; one past U+FFFF is two UTF-16 units.
            if lead & 0xC0 != 0x80 { unit += lead >= 0xF0 ? 2 : 1 }
            byte += 1
        }
        return unit
    }
}
