import FocusCore

/// A session's source read by the Swift parser and checked as SwiftUI: the one compiler a
/// session uses (``Sessions/SourceCompiler``).
public enum SourceCompilation {
    /// The program of `source` and every diagnostic, in source order: the parser's errors (then
    /// nothing runs), what the reader does not model, and the focus mistakes the checks find;
    /// and its syntax colours, errors or not.
    public static func compile(_ source: String) -> CompiledSource {
        let size = source.utf8.count
        guard size <= CompiledSource.maximumBytes else {
            let message =
                "The source is \(size) bytes; a session's source may be at most \(CompiledSource.maximumBytes) (64 KiB)."
            return CompiledSource(
                source: source, program: nil,
                diagnostics: [SourceDiagnostic(line: 1, column: 1, severity: .error, message: message)])
        }
        let reading = SourceReader.read(source)
        guard let program = reading.program else {
            return CompiledSource(
                source: source, program: nil, diagnostics: reading.diagnostics, highlights: reading.highlights)
        }
        let checks = ProgramCheck.warnings(of: program).map {
            SourceDiagnostic(line: $0.span.line, column: $0.span.column, severity: .warning, message: $0.message)
        }
        let diagnostics = (reading.diagnostics + checks).enumerated()
            .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
        guard !program.screens.isEmpty else {
            let none = SourceDiagnostic(
                line: 1, column: 1, severity: .error,
                message: "The source declares no screen: write a `struct … : View` with a `body` that no other view uses.")
            return CompiledSource(
                source: source, program: nil, diagnostics: [none] + diagnostics, highlights: reading.highlights)
        }
        return CompiledSource(source: source, program: program, diagnostics: diagnostics, highlights: reading.highlights)
    }
}
