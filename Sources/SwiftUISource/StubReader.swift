// TEMPORARY STUB: replaced by the reader branch.
import FocusCore

public struct SourceReading: Equatable, Sendable {
    public var program: SwiftUIProgram?
    public var diagnostics: [SourceDiagnostic]
}
public enum SourceReader {
    public static func read(_ source: String) -> SourceReading {
        let errors = SyntaxCheck.diagnostics(of: source)
        return SourceReading(program: errors.isEmpty ? SwiftUIProgram() : nil, diagnostics: errors)
    }
}
