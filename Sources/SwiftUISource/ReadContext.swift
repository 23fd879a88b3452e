import FocusCore
internal import SwiftOperators
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
    /// Where in the source each tree of folded operators starts, by the tree's root: a folded
    /// expression is a tree of its own whose positions count from its start.
    private var foldedTreeStarts: [SyntaxIdentifier: Int] = [:]

    init(converter: SourceLocationConverter, viewNames: [String: String]) {
        self.converter = converter
        self.viewNames = viewNames
    }

    /// Where `node` starts, after its leading trivia.
    func span(of node: some SyntaxProtocol) -> SourceSpan {
        let location = converter.location(for: sourcePosition(of: node))
        return SourceSpan(line: location.line, column: location.column)
    }

    /// `node` with its operators folded by Swift's precedence when it is a sequence of operands
    /// and operators (`a == b && c` as `&&` of `==`), and as it is otherwise.
    ///
    /// Folding each sequence as the reader reaches it costs a fraction of folding the whole file
    /// first (`foldAll` rebuilds every node of the tree). Sequences inside it (in a closure, in
    /// parentheses) stay sequences until they are reached in turn.
    func folded(_ node: ExprSyntax) -> ExprSyntax {
        guard let sequence = node.as(SequenceExprSyntax.self) else { return node }
        let start = sourcePosition(of: sequence, afterLeadingTrivia: false)
        var errors: [OperatorError] = []
        let result = OperatorTable.standardOperators.foldSingle(sequence) { errors.append($0) }
        foldedTreeStarts[result.root.id] = start.utf8Offset
        for error in errors { warn(error.message, at: error.asDiagnostic.node) }
        return result
    }

    /// Where `node` starts in the source, in the source's tree or in a folded one.
    private func sourcePosition(of node: some SyntaxProtocol, afterLeadingTrivia: Bool = true) -> AbsolutePosition {
        let position = afterLeadingTrivia ? node.positionAfterSkippingLeadingTrivia : node.position
        guard let start = foldedTreeStarts[node.root.id] else { return position }
        return AbsolutePosition(utf8Offset: start + position.utf8Offset)
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
    ///
    /// Cut from the node's whole text rather than swift-syntax's `trimmedDescription`, which copies
    /// the node twice to trim it: that made a tenth of a compile.
    var sourceText: String {
        let whole = description
        let utf8 = whole.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: leadingTriviaLength.utf8Length)
        let end = utf8.index(utf8.endIndex, offsetBy: -trailingTriviaLength.utf8Length)
        return start < end ? String(whole[start..<end]) : ""
    }
}
