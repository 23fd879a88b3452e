import FocusCore
import TestSupport

/// Seeded texts and edits that mix one-unit and two-unit characters, drawn the same way as
/// `Tests/js/random-edits.mjs` draws them, so both languages can replay one seed.
struct RandomEdits {
    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// Letters, an accented letter, a private-use character and three astral ones (two UTF-16 units each).
    static let alphabet = ["a", "b", "c", "é", "\u{E000}", "😀", "🎉", "\u{1D4B3}"]

    /// A number in `0..<count`.
    mutating func below(_ count: Int) -> Int {
        Int(generator.next() % UInt64(count))
    }

    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// Up to `most` characters of the alphabet.
    mutating func text(most: Int) -> String {
        var text = ""
        for _ in 0..<below(most + 1) { text += Self.alphabet[below(Self.alphabet.count)] }
        return text
    }

    /// A splice on `text` whose ends fall on character boundaries: a caret or a range of up to four
    /// characters, with up to three characters inserted.
    mutating func splice(on text: String) -> TextSplice {
        let boundaries = Self.boundaries(of: text)
        let start = below(boundaries.count)
        let end = min(boundaries.count - 1, start + below(5))
        return TextSplice(at: boundaries[start], delete: boundaries[end] - boundaries[start], insert: self.text(most: 3))
    }

    /// One to three splices on `text`, composed.
    mutating func operation(on text: String) -> TextOperation {
        var operation = TextOperation(identityOf: text.utf16Length)
        var current = text
        for _ in 0...below(3) {
            let step = TextOperation(splice(on: current), length: current.utf16Length)
            step.apply(to: &current)
            operation = operation.composed(with: step)
        }
        return operation
    }

    /// The UTF-16 offset of every character boundary of `text`, from 0 to its length.
    static func boundaries(of text: String) -> [Int] {
        var offsets = [0]
        for scalar in text.unicodeScalars { offsets.append(offsets[offsets.count - 1] + scalar.utf16.count) }
        return offsets
    }
}
