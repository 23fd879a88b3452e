import FocusCore
internal import SwiftSyntax

/// A parsed source's syntax colours: the parser's own tokens and comments, coloured by the token's
/// kind and, for a name, its place in the tree, by the rules of the toolchain's classification
/// (SwiftIDEUtils' `classifications`; a test holds the two to the same stretches on every source in
/// the repository). Only the kinds worth a colour are kept, moved from the tree's UTF-8 byte offsets
/// to the UTF-16 offsets the page indexes its JavaScript strings with. It works on any tree, one
/// with syntax errors too.
///
/// Not SwiftIDEUtils itself: its walk looks up a key path for every child of every node, and cost
/// as much as reading the program (a fifth of a compile of 200 lines); this one looks at tokens only.
enum SourceHighlighting {
    /// The stretches of `tree` (parsed from `source`) to colour, in source order; neighbouring
    /// stretches of one kind are one (a string's quotes and text).
    static func highlights(of tree: some SyntaxProtocol, in source: String) -> SourceHighlights {
        var collector = HighlightCollector(bytes: Array(source.utf8))
        var directiveConditionEnd = -1
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let tokenKind = token.tokenKind
            let leading = token.position.utf8Offset
            let start = leading + token.leadingTriviaLength.utf8Length
            let end = start + token.trimmedLength.utf8Length
            collector.comments(in: token.leadingTrivia, from: leading, to: start)
            if let kind = kind(of: token, tokenKind, inDirectiveCondition: start < directiveConditionEnd) {
                collector.add(kind, from: start, to: end)
            }
            // The names in `#if DEBUG` are the directive's, as the keyword is.
            switch tokenKind {
            case .poundIf, .poundElseif:
                if let condition = token.parent?.as(IfConfigClauseSyntax.self)?.condition {
                    directiveConditionEnd = condition.endPositionBeforeTrailingTrivia.utf8Offset
                }
            default: break
            }
            collector.comments(in: token.trailingTrivia, from: end, to: end + token.trailingTriviaLength.utf8Length)
        }
        return SourceHighlights(collector.highlights)
    }

    /// A token's colour, or `nil` for one drawn plain (names, operators, punctuation).
    private static func kind(
        of token: TokenSyntax, _ tokenKind: TokenKind, inDirectiveCondition: Bool
    ) -> SourceHighlight.Kind? {
        switch tokenKind {
        case .keyword, .poundSourceLocation:
            // An attribute's name is the attribute's colour whole, keywords and `.` included.
            return typeName(token) == .attribute ? .attribute : .keyword
        case .identifier:
            if let named = typeName(token) { return named }
            if inDirectiveCondition { return .directive }
            switch token.parent?.kind {
            case .declModifier: return .attribute
            case .platformVersion: return .keyword
            default: return nil
            }
        case .period: return typeName(token) == .attribute ? .attribute : nil
        case .integerLiteral, .floatLiteral: return .number
        case .stringQuote, .stringSegment, .multilineStringQuote, .singleQuote: return .string
        case .unknown(let text) where text.hasPrefix("\""): return .string
        case .atSign: return .attribute
        case .poundIf, .poundElseif, .poundElse, .poundEndif: return .directive
        default: return nil
        }
    }

    /// `.attribute` for a token of the type that names an attribute (`State` in `@State`, `.` in
    /// `@SwiftUI.State`), `.type` for any other token of a type's name (`View`, `Form.Field`),
    /// `nil` for a token outside a type's name.
    private static func typeName(_ token: TokenSyntax) -> SourceHighlight.Kind? {
        guard var node = token.parent, node.kind == .identifierType || node.kind == .memberType else { return nil }
        while let parent = node.parent, parent.kind == .memberType { node = parent }
        return node.parent?.kind == .attribute && node.keyPathInParent == \AttributeSyntax.attributeName ? .attribute : .type
    }
}

/// The stretches found so far, in UTF-16 offsets; neighbouring stretches of one kind merged.
private struct HighlightCollector {
    let bytes: [UInt8]
    private(set) var highlights: [SourceHighlight] = []
    private var offsets = UTF16Offsets()

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func add(_ kind: SourceHighlight.Kind, from startByte: Int, to endByte: Int) {
        guard startByte < endByte else { return }
        let start = offsets.offset(at: startByte, in: bytes)
        let end = offsets.offset(at: endByte, in: bytes)
        if let last = highlights.last, last.kind == kind, last.at + last.length == start {
            highlights[highlights.count - 1].length = end - last.at
        } else {
            highlights.append(SourceHighlight(at: start, length: end - start, kind: kind))
        }
    }

    /// The comments of `trivia`, which spans bytes `start..<end`. Only trivia with a `/` in it can
    /// hold one, so the pieces are asked for only then: building them costs more than the rest.
    mutating func comments(in trivia: @autoclosure () -> Trivia, from start: Int, to end: Int) {
        guard start < end, bytes[start..<end].contains(UInt8(ascii: "/")) else { return }
        var position = start
        for piece in trivia().pieces {
            let length = piece.sourceLength.utf8Length
            switch piece {
            case .lineComment, .blockComment, .docLineComment, .docBlockComment:
                add(.comment, from: position, to: position + length)
            default: break
            }
            position += length
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
