/// A caret (`start == end`) or a selection in a text, in UTF-16 code units, as a browser's
/// `selectionStart` and `selectionEnd` give it.
public struct TextSelection: Equatable, Sendable, CustomStringConvertible {
    /// Where the selection starts (the caret, when `start == end`).
    public var start: Int
    /// Where it ends, at or after `start`.
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// A caret at `offset`.
    public init(caret offset: Int) {
        self.init(start: offset, end: offset)
    }

    /// The selection in the text `operation` makes. A caret moves past text inserted exactly at it
    /// (so a caret at the end of a field stays at the end while someone else types there); a
    /// selection does not grow to take in text inserted at its edges, and collapses to a caret
    /// when everything in it is deleted.
    public func transformed(by operation: TextOperation) -> TextSelection {
        guard start != end else { return TextSelection(caret: operation.transformIndex(start, bias: .after)) }
        let newStart = operation.transformIndex(start, bias: .after)
        let newEnd = operation.transformIndex(end, bias: .before)
        return TextSelection(start: newStart, end: max(newStart, newEnd))
    }

    /// `3` for a caret, `3..<5` for a selection.
    public var description: String { start == end ? "\(start)" : "\(start)..<\(end)" }
}
