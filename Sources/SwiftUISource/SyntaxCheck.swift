import FocusCore
internal import SwiftDiagnostics
internal import SwiftParser
internal import SwiftParserDiagnostics
internal import SwiftSyntax

/// A source read by the Swift compiler's own parser, with the parser's own diagnostics: no
/// lexer or parser of FocusSync's.
public enum SyntaxCheck {
    /// Every syntax diagnostic of `source`, in source order; empty when it parses cleanly.
    public static func diagnostics(of source: String) -> [SourceDiagnostic] {
        if let tooDeep = BracketDepthGuard.diagnostic(for: source) { return [tooDeep] }
        let tree = Parser.parse(source: source)
        return diagnostics(of: tree, parsedFrom: source, converter: SourceLocationConverter(fileName: "source.swift", tree: tree))
    }

    /// Every syntax diagnostic of a tree already parsed from `source`, placed by `converter`.
    ///
    /// Text the lexer cannot read (control characters, a stray byte-order mark) is reported here,
    /// and it and vertical tabs and form feeds are blanked before the parser's diagnostics are
    /// asked for: next to an operator they make swift-syntax build a Fix-It with no change, which
    /// traps the whole process.
    static func diagnostics(
        of tree: SourceFileSyntax, parsedFrom source: String, converter: SourceLocationConverter
    ) -> [SourceDiagnostic] {
        let unreadable = UnreadableText.pieces(in: tree, parsedFrom: source)
        guard !unreadable.isEmpty else { return parserDiagnostics(of: tree, converter: converter) }
        let reported = unreadable.filter(\.isError).map { piece in
            let location = converter.location(for: piece.position)
            return SourceDiagnostic(
                line: location.line, column: location.column, severity: .error,
                message: "invalid character \(piece.scalarNames) in source file")
        }
        let blanked = Parser.parse(source: UnreadableText.blanking(unreadable, in: tree.description))
        let rest = parserDiagnostics(
            of: blanked, converter: SourceLocationConverter(fileName: "source.swift", tree: blanked))
        return (reported + rest).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private static func parserDiagnostics(
        of tree: SourceFileSyntax, converter: SourceLocationConverter
    ) -> [SourceDiagnostic] {
        ParseDiagnosticsGenerator.diagnostics(for: tree).map { diagnostic in
            let location = diagnostic.location(converter: converter)
            return SourceDiagnostic(
                line: location.line, column: location.column,
                severity: SourceDiagnostic.Severity(diagnostic.diagMessage.severity),
                message: diagnostic.message)
        }
    }
}

extension SourceDiagnostic.Severity {
    init(_ severity: DiagnosticSeverity) {
        switch severity {
        case .error: self = .error
        case .warning: self = .warning
        case .note, .remark: self = .note
        @unknown default: self = .note
        }
    }
}
