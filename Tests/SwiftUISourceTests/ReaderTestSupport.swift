import FocusCore
import SwiftUISource
import Testing

/// A source the tests read, with a way to say where a piece of it is written.
struct TestSource {
    let text: String

    init(_ text: String) { self.text = text }

    /// Reads the source, requiring that it parses.
    func read(sourceLocation: SourceLocation = #_sourceLocation) throws -> (SwiftUIProgram, [SourceDiagnostic]) {
        let reading = SourceReader.read(text)
        let program = try #require(reading.program, "\(reading.diagnostics)", sourceLocation: sourceLocation)
        return (program, reading.diagnostics)
    }

    /// Where the `occurrence`-th `needle` on line `line` (from 1) starts, in UTF-8 bytes from 1.
    func at(_ line: Int, _ needle: String, occurrence: Int = 1) -> SourceSpan {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return SourceSpan(line: line, column: -1) }
        let row = lines[line - 1]
        var searchFrom = row.startIndex
        var found: Range<Substring.Index>?
        for _ in 0..<occurrence {
            guard let range = row[searchFrom...].range(of: needle) else { return SourceSpan(line: line, column: -1) }
            found = range
            searchFrom = range.upperBound
        }
        guard let found else { return SourceSpan(line: line, column: -1) }
        return SourceSpan(line: line, column: row.utf8.distance(from: row.startIndex, to: found.lowerBound) + 1)
    }

    /// A warning at the `needle` on `line`.
    func warning(_ line: Int, _ needle: String, _ message: String) -> SourceDiagnostic {
        let span = at(line, needle)
        return SourceDiagnostic(line: span.line, column: span.column, severity: .warning, message: message)
    }
}

extension SwiftUIProgram {
    /// The screen or component named `name`.
    func view(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ViewDeclaration {
        try #require((screens + components).first { $0.name == name }, sourceLocation: sourceLocation)
    }

    func method(_ view: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> MethodDeclaration {
        try #require(try self.view(view).methods.first { $0.name == name }, sourceLocation: sourceLocation)
    }
}

extension ViewNode {
    /// The views this one holds directly (a container's, a `ForEach`'s, a placeholder's).
    var children: [ViewNode] {
        switch kind {
        case .container(_, _, let content): return content
        case .forEach(let forEach): return forEach.content
        case .unmodelled(_, let content): return content
        default: return []
        }
    }
}
