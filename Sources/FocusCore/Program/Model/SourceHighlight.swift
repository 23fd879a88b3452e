/// One stretch of a source to draw in a syntax colour, in UTF-16 code units of the source (the
/// page indexes JavaScript strings; the wire carries a list of them as ``SourceHighlights``), from the Swift compiler's own classification of the source's tokens and comments.
public struct SourceHighlight: Equatable, Sendable {
    /// What a stretch is, in the few kinds worth a colour.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// `struct`, `var`, `if`, `self`, `true`, …
        case keyword
        /// A type's name where a type is written (`View`, `String`).
        case type
        /// A string literal, quotes included.
        case string
        /// An integer or floating-point literal.
        case number
        /// A line, block or documentation comment.
        case comment
        /// An attribute (`@State`, `@FocusState`).
        case attribute
        /// A `#if`-style directive.
        case directive
    }

    /// Where it starts, in UTF-16 code units from the start of the source.
    public var at: Int
    /// How long it is, in UTF-16 code units.
    public var length: Int
    public var kind: Kind

    public init(at: Int, length: Int, kind: Kind) {
        self.at = at
        self.length = length
        self.kind = kind
    }
}
