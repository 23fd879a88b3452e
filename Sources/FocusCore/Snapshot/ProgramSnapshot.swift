/// A session running its own SwiftUI source, as snapshots carry it: the source, what reading it
/// said, its syntax colours, its screens and the one showing as it draws now.
public struct ProgramSnapshot: Codable, Equatable, Sendable {
    /// The source as members edit it.
    public var source: String
    /// What reading `source` said.
    public var diagnostics: [SourceDiagnostic]
    /// The stretches of `source` to draw in syntax colours, from reading it (none until it is read).
    public var highlights: SourceHighlights
    /// Whether the program that runs is `source`'s (false while a newer text is compiled, or
    /// when it has errors: the last good program runs meanwhile).
    public var runs: Bool
    /// The view structs that are screens, in source order.
    public var screens: [String]
    public var drawn: DrawnScreen

    public init(
        source: String, diagnostics: [SourceDiagnostic], highlights: SourceHighlights = [], runs: Bool, screens: [String],
        drawn: DrawnScreen
    ) {
        self.source = source
        self.diagnostics = diagnostics
        self.highlights = highlights
        self.runs = runs
        self.screens = screens
        self.drawn = drawn
    }
}
