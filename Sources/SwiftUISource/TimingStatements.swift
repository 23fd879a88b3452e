import FocusCore
internal import SwiftSyntax

/// The statements that change when their body runs: transactions, delayed work, tasks, sleeps.
extension ReadContext {
    /// `withTransaction`, `withAnimation`, `DispatchQueue.main.asyncAfter`/`async`, `Task { }`
    /// and `Task.sleep`, or `nil` when `node` is none of them.
    func timingStatement(_ node: ExprSyntax) -> StatementKind? {
        var node = node
        while true {
            if let tryExpression = node.as(TryExprSyntax.self) {
                node = tryExpression.expression
            } else if let awaitExpression = node.as(AwaitExprSyntax.self) {
                node = awaitExpression.expression
            } else {
                break
            }
        }
        guard let call = node.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.sourceText
        guard let timing = timing(call, callee: callee) else {
            guard Self.timingCallees.contains(callee) else { return nil }
            warn("This `\(callee)` is not modelled in this form: it does nothing here.", at: call)
            return .unmodelled(call.sourceText)
        }
        return timing
    }

    private static let timingCallees: Set<String> = [
        "withTransaction", "withAnimation", "Task", "DispatchQueue.main.asyncAfter", "DispatchQueue.main.async", "Task.sleep",
    ]

    private func timing(_ call: FunctionCallExprSyntax, callee: String) -> StatementKind? {
        switch callee {
        case "withTransaction":
            return body(of: call).map { .transaction(animated: animates(transaction: call), body: $0) }
        case "withAnimation":
            let animated = !(call.arguments.first?.expression.is(NilLiteralExprSyntax.self) ?? false)
            return body(of: call).map { .transaction(animated: animated, body: $0) }
        case "Task":
            return body(of: call).map { .task($0) }
        case "DispatchQueue.main.asyncAfter":
            guard let deadline = call.arguments.first(where: { $0.label?.text == "deadline" })?.expression,
                let seconds = delay(deadline), let body = body(of: call, label: "execute")
            else { return nil }
            return .after(seconds: seconds, body: body)
        case "DispatchQueue.main.async":
            return body(of: call, label: "execute").map { .after(seconds: .integer(0), body: $0) }
        case "Task.sleep":
            return sleep(call).map { .sleep(seconds: $0) }
        default:
            return nil
        }
    }

    /// The statements of the call's trailing closure, or of its closure argument `label`.
    private func body(of call: FunctionCallExprSyntax, label: String? = nil) -> [Statement]? {
        if let trailing = call.trailingClosure { return statements(trailing.statements) }
        let argument = call.arguments.last { $0.label?.text == label && $0.expression.is(ClosureExprSyntax.self) }
        return argument?.expression.as(ClosureExprSyntax.self).map { statements($0.statements) }
    }

    /// Whether `withTransaction(Transaction(animation: x))` names an animation.
    private func animates(transaction call: FunctionCallExprSyntax) -> Bool {
        guard let first = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
            first.calledExpression.sourceText == "Transaction",
            let animation = first.arguments.first(where: { $0.label?.text == "animation" })
        else { return false }
        return !animation.expression.is(NilLiteralExprSyntax.self)
    }

    /// `.now() + 0.5` (or `.now() + .milliseconds(500)`): the seconds.
    private func delay(_ deadline: ExprSyntax) -> Expression? {
        guard let sum = folded(deadline).as(InfixOperatorExprSyntax.self),
            sum.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+",
            sum.leftOperand.sourceText.hasSuffix(".now()")
        else { return nil }
        return seconds(sum.rightOperand)
    }

    /// `Task.sleep(for: .seconds(1))`, `Task.sleep(nanoseconds: n)`: the seconds.
    private func sleep(_ call: FunctionCallExprSyntax) -> Expression? {
        guard call.arguments.count == 1, let argument = call.arguments.first else { return nil }
        switch argument.label?.text {
        case "for": return seconds(argument.expression)
        case "nanoseconds": return scaled(argument.expression, by: 1_000_000_000)
        default: return nil
        }
    }

    /// A duration as seconds: `.seconds(s)`, `.milliseconds(ms)`, `.microseconds`,
    /// `.nanoseconds`, or a plain number of seconds.
    private func seconds(_ node: ExprSyntax) -> Expression? {
        guard let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            call.arguments.count == 1, let value = call.arguments.first?.expression
        else {
            let plain = expression(node)
            if case .unmodelled = plain { return nil }
            return plain
        }
        switch member.declName.baseName.text {
        case "seconds": return expression(value)
        case "milliseconds": return scaled(value, by: 1000)
        case "microseconds": return scaled(value, by: 1_000_000)
        case "nanoseconds": return scaled(value, by: 1_000_000_000)
        default: return nil
        }
    }

    /// `value / divisor`, computed when `value` is a literal.
    private func scaled(_ value: ExprSyntax, by divisor: Int) -> Expression {
        switch expression(value) {
        case .integer(let integer): return .double(Double(integer) / Double(divisor))
        case .double(let double): return .double(double / Double(divisor))
        case let other: return .infix("/", other, .integer(divisor))
        }
    }
}
