import FocusCore
internal import SwiftSyntax

/// A view's own `init` in the one form that changes nothing about how it is made: each parameter
/// stored in the property of its name (`self.task = task`), and state given its first value from
/// them (`_title = State(initialValue: task.title)`). The view is then made memberwise, with those
/// first values.
extension ReadContext {
    /// The first value each state property gets from `node`, by property name; `nil` when the
    /// `init` is not in that form.
    func initialValues(of node: InitializerDeclSyntax, storedNames: Set<String>) -> [String: Expression]? {
        var stored: Set<String> = []
        for parameter in node.signature.parameterClause.parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            guard parameter.secondName == nil || parameter.secondName?.text == parameter.firstName.text,
                storedNames.contains(name)
            else { return nil }
            stored.insert(name)
        }
        var values: [String: Expression] = [:]
        var assigned: Set<String> = []
        for item in node.body?.statements ?? [] {
            guard let assignment = assignment(in: item), assignment.operator.is(AssignmentExprSyntax.self) else { return nil }
            let target =
                assignment.leftOperand.as(MemberAccessExprSyntax.self).flatMap { member -> String? in
                    member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                        ? member.declName.baseName.text : nil
                } ?? assignment.leftOperand.as(DeclReferenceExprSyntax.self)?.baseName.text
            guard let target else { return nil }
            if stored.contains(target), assignment.rightOperand.as(DeclReferenceExprSyntax.self)?.baseName.text == target {
                assigned.insert(target)
            } else if target.hasPrefix("_"), storedNames.contains(String(target.dropFirst())),
                let value = wrapperInitialValue(assignment.rightOperand)
            {
                values[String(target.dropFirst())] = expression(value)
            } else {
                return nil
            }
        }
        return assigned == stored ? values : nil
    }

    private func assignment(in item: CodeBlockItemSyntax) -> InfixOperatorExprSyntax? {
        switch item.item {
        case .expr(let expression): return folded(expression).as(InfixOperatorExprSyntax.self)
        case .stmt(let statement):
            return (statement.as(ExpressionStmtSyntax.self)?.expression).flatMap { folded($0).as(InfixOperatorExprSyntax.self) }
        default: return nil
        }
    }

    /// `e` of `State(initialValue: e)`, `.init(wrappedValue: e)` and the like.
    private func wrapperInitialValue(_ node: ExprSyntax) -> ExprSyntax? {
        guard let call = node.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let argument = call.arguments.first, ["initialValue", "wrappedValue"].contains(argument.label?.text ?? ""),
            ["State", ".init", "State.init"].contains(call.calledExpression.sourceText)
        else { return nil }
        return argument.expression
    }
}
