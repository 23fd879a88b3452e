/// A session's SwiftUI source and what reading it gave: the program, unless the source has
/// errors, and every diagnostic in source order.
public struct CompiledSource: Equatable, Sendable, Codable {
    public var source: String
    /// `nil` when a diagnostic is an error: such a source cannot run.
    public var program: SwiftUIProgram?
    public var diagnostics: [SourceDiagnostic]

    public init(source: String, program: SwiftUIProgram?, diagnostics: [SourceDiagnostic]) {
        self.source = source
        self.program = program
        self.diagnostics = diagnostics
    }

    /// The most a source may be, in UTF-8 bytes (64 KiB).
    public static let maximumBytes = 65_536
}
