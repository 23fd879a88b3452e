/// A session's SwiftUI source and what reading it gave: the program, unless the source has
/// errors, every diagnostic in source order, and the stretches to draw in syntax colours.
public struct CompiledSource: Equatable, Sendable, Codable {
    public var source: String
    /// `nil` when a diagnostic is an error: such a source cannot run.
    public var program: SwiftUIProgram?
    public var diagnostics: [SourceDiagnostic]
    /// The source's syntax colours, in source order (also when it has errors; none when it was
    /// not parsed at all).
    public var highlights: SourceHighlights

    public init(
        source: String, program: SwiftUIProgram?, diagnostics: [SourceDiagnostic], highlights: SourceHighlights = []
    ) {
        self.source = source
        self.program = program
        self.diagnostics = diagnostics
        self.highlights = highlights
    }

    private enum CodingKeys: String, CodingKey { case source, program, diagnostics, highlights }

    /// `highlights` may be missing (an answer written before they were): none then.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try container.decode(String.self, forKey: .source)
        program = try container.decodeIfPresent(SwiftUIProgram.self, forKey: .program)
        diagnostics = try container.decode([SourceDiagnostic].self, forKey: .diagnostics)
        highlights = try container.decodeIfPresent(SourceHighlights.self, forKey: .highlights) ?? []
    }

    /// The most a source may be, in UTF-8 bytes (64 KiB).
    public static let maximumBytes = 65_536
}
