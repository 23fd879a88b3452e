import FocusCore
internal import SwiftSyntax

/// View builders: a `body`, a container's closure, the branches of `if` and `switch` in them,
/// and each view expression with the modifiers chained on it.
extension ReadContext {
    /// The views of a view-builder closure or getter, in order.
    func viewNodes(_ list: CodeBlockItemListSyntax) -> [ViewNode] {
        list.compactMap(viewNode(item:))
    }

    /// The view one item of a view builder makes, or `nil` (with a warning) when it makes none.
    func viewNode(item: CodeBlockItemSyntax) -> ViewNode? {
        switch item.item {
        case .expr(let expression):
            return viewNode(statement: expression)
        case .stmt(let statement):
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                return viewNode(statement: expression)
            }
            if let returned = statement.as(ReturnStmtSyntax.self)?.expression { return viewNode(returned) }
            warn("`\(statement.sourceText)` is not modelled in a view builder: it is left out.", at: statement)
            return nil
        case .decl(let declaration):
            warn("A declaration in a view builder is not modelled: it is left out.", at: declaration)
            return nil
        @unknown default:
            return nil
        }
    }

    /// The views of a closure (`nil` gives none).
    func viewNodes(_ closure: ClosureExprSyntax?) -> [ViewNode] {
        closure.map { viewNodes($0.statements) } ?? []
    }

    private func viewNode(statement expression: ExprSyntax) -> ViewNode {
        if let ifExpression = expression.as(IfExprSyntax.self) { return conditionalView(ifExpression) }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            let cases = switchCases(switchExpression.cases) { viewNodes($0) }
            return ViewNode(
                .switchView(subject: self.expression(switchExpression.subject), cases: cases), span: span(of: expression))
        }
        return viewNode(expression)
    }

    private func conditionalView(_ node: IfExprSyntax) -> ViewNode {
        var otherwise: [ViewNode] = []
        switch node.elseBody {
        case .ifExpr(let elseIf): otherwise = [conditionalView(elseIf)]
        case .codeBlock(let block): otherwise = viewNodes(block.statements)
        default: break
        }
        return ViewNode(
            .conditional(conditions: conditions(node.conditions), then: viewNodes(node.body.statements), otherwise: otherwise),
            span: span(of: node))
    }

    /// One view expression: the view, then the modifiers chained on it in the order written.
    func viewNode(_ node: ExprSyntax) -> ViewNode {
        if let call = node.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                var view = viewNode(base)
                view.modifiers.append(modifier(member.declName.baseName.text, call: call, at: member))
                return view
            }
            if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                return ViewNode(view(named: name, call: call), span: span(of: node))
            }
        }
        let name = node.sourceText
        warn("`\(name)` is not modelled: it is drawn as a placeholder.", at: node)
        return ViewNode(.unmodelled(name: name, content: []), span: span(of: node))
    }

    /// The views of every closure of `call` that could hold views: its trailing closures and any
    /// closure argument.
    func contentOfEveryClosure(_ call: FunctionCallExprSyntax) -> [ViewNode] {
        var closures = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailing = call.trailingClosure { closures.append(trailing) }
        closures += call.additionalTrailingClosures.map(\.closure)
        return closures.flatMap { viewNodes($0.statements) }
    }

    /// The closure of `call` labelled `label` (a trailing closure counts as `content` or as the
    /// label `nil`), or `nil`.
    func closure(_ call: FunctionCallExprSyntax, label: String?) -> ClosureExprSyntax? {
        if label == nil || label == "content", let trailing = call.trailingClosure { return trailing }
        if let element = call.additionalTrailingClosures.first(where: { $0.label.text == label }) {
            return element.closure
        }
        return call.arguments.first { $0.label?.text == label }?.expression.as(ClosureExprSyntax.self)
    }

    /// The argument labelled `label` (`nil`: the first unlabelled one that is not a closure).
    func argument(_ call: FunctionCallExprSyntax, _ label: String?) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label && !$0.expression.is(ClosureExprSyntax.self) }?.expression
    }

    /// The name of `.next`, `UIKeyboardType.emailAddress`, `nil`.
    func memberName(_ node: ExprSyntax) -> String {
        if let member = node.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return node.sourceText
    }
}

extension Expression {
    /// The expression a binding stands for, without its `$`: `$item.title` is `item.title`.
    var withoutBinding: Expression {
        switch self {
        case .binding(let name): return .name(name)
        case .member(let base, let name): return .member(base.withoutBinding, name)
        case .subscript(let base, let arguments): return .subscript(base.withoutBinding, arguments)
        default: return self
        }
    }

    /// Whether it is written with a `$` at its root.
    var isBinding: Bool {
        switch self {
        case .binding: return true
        case .member(let base, _), .subscript(let base, _): return base.isBinding
        default: return false
        }
    }
}
