internal import SwiftSyntax

/// Trivia the lexer kept as unexpected text: characters no Swift source may hold outside a
/// literal. A non-breaking space is left to the parser, whose message for it is better.
struct UnreadableText {
    /// Where the text starts in the source.
    let position: AbsolutePosition
    /// The text itself.
    let text: String

    /// The text's scalars as `U+XXXX`, for a message.
    var scalarNames: String {
        text.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }

    /// Every piece of unreadable text in `tree`, in source order.
    static func pieces(in tree: SourceFileSyntax) -> [UnreadableText] {
        var found: [UnreadableText] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            collect(token.leadingTrivia, from: token.position, into: &found)
            collect(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia, into: &found)
        }
        return found
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
            if case .unexpectedText(let text) = piece, text.unicodeScalars.contains(where: { $0.value != 0xA0 }) {
                found.append(UnreadableText(position: position, text: text))
            }
            position += piece.sourceLength
        }
    }
}
