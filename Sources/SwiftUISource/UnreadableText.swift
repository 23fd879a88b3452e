internal import SwiftSyntax

/// Trivia swift-syntax's diagnostics trip over next to an operator: text the lexer kept as
/// unexpected (characters no Swift source may hold outside a literal), and vertical tabs and
/// form feeds, which are whitespace. A non-breaking space is left to the parser, whose message
/// for it is better.
struct UnreadableText {
    /// Where the text starts in the source.
    let position: AbsolutePosition
    /// The text itself.
    let text: String
    /// Whether it is an error (unexpected text) or whitespace only the diagnostics mind.
    let isError: Bool

    /// The text's scalars as `U+XXXX`, for a message.
    var scalarNames: String {
        text.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }

    /// Every such piece of trivia in `tree`, parsed from `source`, in source order.
    static func pieces(in tree: SourceFileSyntax, parsedFrom source: String) -> [UnreadableText] {
        guard mayHoldAny(source.utf8) else { return [] }
        var found: [UnreadableText] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            collect(token.leadingTrivia, from: token.position, into: &found)
            collect(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia, into: &found)
        }
        return found
    }

    /// Whether a text of these bytes could hold such a piece: walking every token's trivia costs
    /// about as much as reading the program, and most sources are printable ASCII. The parser's
    /// lexer keeps as unexpected text only bytes outside printable ASCII, tab and the line breaks,
    /// and source-control conflict markers (seven `<` or `>` in a row).
    static func mayHoldAny(_ bytes: some Sequence<UInt8>) -> Bool {
        var run = 0
        var runByte: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x09, 0x0A, 0x0D, 0x20...0x7E: break
            default: return true
            }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
                run = byte == runByte ? run + 1 : 1
                runByte = byte
                if run == 7 { return true }
            } else {
                run = 0
            }
        }
        return false
    }

    /// `source` with every piece's bytes replaced by spaces, so lines and columns stay put.
    static func blanking(_ pieces: [UnreadableText], in source: String) -> String {
        var bytes = Array(source.utf8)
        for piece in pieces {
            let start = piece.position.utf8Offset
            for offset in start..<min(bytes.count, start + piece.text.utf8.count) { bytes[offset] = 0x20 }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func collect(_ trivia: Trivia, from start: AbsolutePosition, into found: inout [UnreadableText]) {
        var position = start
        for piece in trivia.pieces {
            switch piece {
            case .unexpectedText(let text) where text.unicodeScalars.contains(where: { $0.value != 0xA0 }):
                found.append(UnreadableText(position: position, text: text, isError: true))
            case .verticalTabs(let count):
                found.append(UnreadableText(position: position, text: String(repeating: "\u{0B}", count: count), isError: false))
            case .formfeeds(let count):
                found.append(UnreadableText(position: position, text: String(repeating: "\u{0C}", count: count), isError: false))
            default: break
            }
            position += piece.sourceLength
        }
    }
}
