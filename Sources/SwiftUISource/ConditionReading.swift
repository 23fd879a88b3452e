import FocusCore
internal import SwiftSyntax

/// Conditions of `if` and `guard`, the cases of a `switch`, and what those cases match.
extension ReadContext {
    /// Each condition, in order: an expression, `let x = y` (or `let x`), `case pattern = value`.
    func conditions(_ list: ConditionElementListSyntax) -> [Condition] {
        list.map { element in
            switch element.condition {
            case .expression(let value):
                return .expression(expression(value))
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    warn("`\(binding.sourceText)` is not modelled: only `let name = value` binds.", at: binding)
                    return .expression(.unmodelled(binding.sourceText))
                }
                return .optionalBinding(name: name, value: binding.initializer.map { expression($0.value) } ?? .name(name))
            case .matchingPattern(let matching):
                return .matches(pattern: pattern(matching.pattern), value: expression(matching.initializer.value))
            case .availability(let availability):
                warn("`\(availability.sourceText)` is not modelled: it reads as true.", at: availability)
                return .expression(.boolean(true))
            @unknown default:
                warn("`\(element.sourceText)` is not modelled: it reads as false.", at: element)
                return .expression(.boolean(false))
            }
        }
    }

    /// The cases of a `switch`, their bodies read by `body` (statements or views).
    func switchCases<Body>(_ list: SwitchCaseListSyntax, body: (CodeBlockItemListSyntax) -> [Body]) -> [SwitchCase<Body>] {
        list.compactMap { element in
            guard case .switchCase(let switchCase) = element else {
                warn("`#if` inside a `switch` is not modelled: its cases are left out.", at: element)
                return nil
            }
            var patterns: [Pattern] = []
            if case .case(let label) = switchCase.label {
                for item in label.caseItems {
                    if let whereClause = item.whereClause {
                        warn("A `where` on a case is not modelled: the case matches without it.", at: whereClause)
                    }
                    patterns.append(pattern(item.pattern))
                }
            }
            return SwitchCase(patterns: patterns, body: body(switchCase.statements), span: span(of: switchCase))
        }
    }

    /// What a `case` matches. `bound` is true inside `case let …`, where a bare name binds.
    func pattern(_ node: PatternSyntax, bound: Bool = false) -> Pattern {
        if node.is(WildcardPatternSyntax.self) { return .wildcard }
        if let identifier = node.as(IdentifierPatternSyntax.self) { return .binding(identifier.identifier.text) }
        if let valueBinding = node.as(ValueBindingPatternSyntax.self) { return pattern(valueBinding.pattern, bound: true) }
        if let expressionPattern = node.as(ExpressionPatternSyntax.self) {
            return pattern(expression: expressionPattern.expression, bound: bound)
        }
        warn("The pattern `\(node.sourceText)` is not modelled: it matches nothing.", at: node)
        return .value(.unmodelled(node.sourceText))
    }

    private func pattern(expression node: ExprSyntax, bound: Bool) -> Pattern {
        if let inner = node.as(PatternExprSyntax.self) { return pattern(inner.pattern, bound: bound) }
        if node.is(DiscardAssignmentExprSyntax.self) { return .wildcard }
        if bound, let name = node.as(DeclReferenceExprSyntax.self) { return .binding(name.baseName.text) }
        if let optional = node.as(OptionalChainingExprSyntax.self) {
            return .some(pattern(expression: optional.expression, bound: bound))
        }
        if let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            call.trailingClosure == nil
        {
            let payload = call.arguments.map { pattern(expression: $0.expression, bound: bound) }
            let name = member.declName.baseName.text
            if name == "some", payload.count == 1, let only = payload.first { return .some(only) }
            return .enumCase(name: name, payload: payload)
        }
        return .value(expression(node))
    }
}
