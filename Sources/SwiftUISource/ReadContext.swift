import FocusCore
internal import SwiftSyntax

/// What every part of the reader shares while it reads one source: where nodes are, the
/// warnings said so far, and the names of the source's own views.
final class ReadContext {
    private let converter: SourceLocationConverter
    private(set) var diagnostics: [SourceDiagnostic] = []
    /// Each view struct's simple name (`EmailRow`) and qualified name (`Parent.EmailRow`), to
    /// the qualified name a `component` carries.
    let viewNames: [String: String]
    /// The view being read (qualified), so a use of another view can be recorded.
    var currentView: String?
    /// The qualified names of views used in another view's body.
    private(set) var usedViews: Set<String> = []

    init(converter: SourceLocationConverter, viewNames: [String: String]) {
        self.converter = converter
        self.viewNames = viewNames
    }

    /// Where `node` starts, after its leading trivia.
    func span(of node: some SyntaxProtocol) -> SourceSpan {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourceSpan(line: location.line, column: location.column)
    }

    /// A warning at the start of `node`.
    func warn(_ message: String, at node: some SyntaxProtocol) {
        let span = span(of: node)
        let diagnostic = SourceDiagnostic(line: span.line, column: span.column, severity: .warning, message: message)
        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
    }

    /// Records that the view being read uses the view `name` (qualified).
    func noteUse(of name: String) {
        if name != currentView { usedViews.insert(name) }
    }
}

extension SyntaxProtocol {
    /// The node's source text without its surrounding trivia.
    var sourceText: String { trimmedDescription }
}
