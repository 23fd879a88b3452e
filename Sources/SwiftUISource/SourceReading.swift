import FocusCore

/// What `SourceReader.read(_:)` made of a source: the program, and what it has to say about it.
public struct SourceReading: Equatable, Sendable {
    /// The source as FocusCore's plain program data; `nil` when the source has syntax errors.
    public var program: SwiftUIProgram?
    /// The parser's syntax diagnostics when the source does not parse; otherwise a warning, in
    /// source order, for each construct the playground does not model.
    public var diagnostics: [SourceDiagnostic]
    /// The source's syntax colours (``SourceHighlighting``), with syntax errors too; none when it
    /// was not parsed (brackets nested too deep).
    public var highlights: SourceHighlights

    public init(program: SwiftUIProgram?, diagnostics: [SourceDiagnostic], highlights: SourceHighlights = []) {
        self.program = program
        self.diagnostics = diagnostics
        self.highlights = highlights
    }
}
