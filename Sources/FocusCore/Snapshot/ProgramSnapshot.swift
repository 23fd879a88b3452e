/// A session running its own SwiftUI source, as snapshots carry it: the source, what reading it
/// said, its screens and the one showing as it draws now.
public struct ProgramSnapshot: Codable, Equatable, Sendable {
    public var source: String
    public var diagnostics: [SourceDiagnostic]
    /// The view structs that are screens, in source order.
    public var screens: [String]
    public var drawn: DrawnScreen

    public init(source: String, diagnostics: [SourceDiagnostic], screens: [String], drawn: DrawnScreen) {
        self.source = source
        self.diagnostics = diagnostics
        self.screens = screens
        self.drawn = drawn
    }
}
