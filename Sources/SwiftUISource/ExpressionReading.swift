import FocusCore
internal import SwiftSyntax

/// Expressions, read into their shape nearly one to one: the reader decides nothing about what
/// a name or a member means.
extension ReadContext {
    /// `node` as an `Expression`; anything outside the subset is `.unmodelled(text)` with a warning.
    func expression(_ node: ExprSyntax) -> Expression {
        let node = folded(node)
        if let modelled = literal(node) ?? reference(node) ?? operation(node) ?? compound(node) {
            return modelled
        }
        warn("`\(node.sourceText)` is not modelled: the playground cannot evaluate it.", at: node)
        return .unmodelled(node.sourceText)
    }

    /// Arguments of a call, with its trailing closures after them: the first labelled `nil`, the
    /// others with their labels.
    func arguments(
        _ list: LabeledExprListSyntax, trailing: ClosureExprSyntax? = nil,
        additional: MultipleTrailingClosureElementListSyntax = []
    ) -> [Argument] {
        var result = list.map { Argument(label: $0.label?.text, value: expression($0.expression)) }
        if let trailing { result.append(Argument(label: nil, value: closure(trailing))) }
        for element in additional {
            result.append(Argument(label: element.label.text, value: closure(element.closure)))
        }
        return result
    }

    /// `{ a, b in … }`, `{ $0 … }`: the parameter names and the body's statements.
    func closure(_ node: ClosureExprSyntax) -> Expression {
        .closure(parameters: closureParameters(node), body: statements(node.statements))
    }

    /// The names a closure's signature gives its parameters (`[]` for none or `$0`).
    func closureParameters(_ node: ClosureExprSyntax) -> [String] {
        switch node.signature?.parameterClause {
        case .simpleInput(let list): return list.map { $0.name.text }
        case .parameterClause(let clause): return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        default: return []
        }
    }

    private func literal(_ node: ExprSyntax) -> Expression? {
        if let string = node.as(StringLiteralExprSyntax.self) { return stringLiteral(string) }
        if let integer = node.as(IntegerLiteralExprSyntax.self) {
            return integer.representedLiteralValue.map { .integer($0) }
        }
        if let float = node.as(FloatLiteralExprSyntax.self) { return float.representedLiteralValue.map { .double($0) } }
        if let boolean = node.as(BooleanLiteralExprSyntax.self) { return .boolean(boolean.literal.tokenKind == .keyword(.true)) }
        if node.is(NilLiteralExprSyntax.self) { return .nilLiteral }
        return nil
    }

    private func stringLiteral(_ node: StringLiteralExprSyntax) -> Expression? {
        if let value = node.representedLiteralValue { return .string(value) }
        var pieces: [InterpolationPiece] = []
        for segment in node.segments {
            switch segment {
            case .stringSegment(let text):
                let value = StringEscapes.unescaped(text.content.text)
                if case .literal(let before)? = pieces.last {
                    pieces[pieces.count - 1] = .literal(before + value)
                } else if !value.isEmpty {
                    pieces.append(.literal(value))
                }
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let only = interpolation.expressions.first,
                    only.label == nil
                else {
                    warn("`\(interpolation.sourceText)` is not modelled: only a plain `\\(value)` is.", at: interpolation)
                    pieces.append(.expression(.unmodelled(interpolation.sourceText)))
                    continue
                }
                pieces.append(.expression(expression(only.expression)))
            @unknown default:
                return nil
            }
        }
        return .interpolated(pieces)
    }

    private func reference(_ node: ExprSyntax) -> Expression? {
        if let name = node.as(DeclReferenceExprSyntax.self) {
            let text = name.baseName.text
            if text.hasPrefix("$"), let first = text.dropFirst().first, !first.isNumber {
                return .binding(String(text.dropFirst()))
            }
            return .name(text)
        }
        if let member = node.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base else { return .implicitMember(name) }
            if let selfReference = base.as(DeclReferenceExprSyntax.self), selfReference.baseName.tokenKind == .keyword(.self) {
                return .name(name)
            }
            return .member(expression(base), name)
        }
        if let chain = node.as(OptionalChainingExprSyntax.self) { return .optionalChain(expression(chain.expression)) }
        if node.is(SuperExprSyntax.self) { return nil }
        return nil
    }

    private func operation(_ node: ExprSyntax) -> Expression? {
        if let call = node.as(FunctionCallExprSyntax.self) {
            return .call(
                expression(call.calledExpression),
                arguments(call.arguments, trailing: call.trailingClosure, additional: call.additionalTrailingClosures))
        }
        if let subscriptCall = node.as(SubscriptCallExprSyntax.self) {
            return .subscript(
                expression(subscriptCall.calledExpression),
                arguments(
                    subscriptCall.arguments, trailing: subscriptCall.trailingClosure,
                    additional: subscriptCall.additionalTrailingClosures))
        }
        if let prefix = node.as(PrefixOperatorExprSyntax.self) {
            return .prefix(prefix.operator.text, expression(prefix.expression))
        }
        if let infix = node.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            return .infix(op.operator.text, expression(infix.leftOperand), expression(infix.rightOperand))
        }
        if let ternary = node.as(TernaryExprSyntax.self) {
            return .ternary(
                expression(ternary.condition), expression(ternary.thenExpression), expression(ternary.elseExpression))
        }
        return nil
    }

    private func compound(_ node: ExprSyntax) -> Expression? {
        if let tryExpression = node.as(TryExprSyntax.self) { return expression(tryExpression.expression) }
        if let awaitExpression = node.as(AwaitExprSyntax.self) { return expression(awaitExpression.expression) }
        if let tuple = node.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return expression(only.expression)
        }
        if let array = node.as(ArrayExprSyntax.self) { return .array(array.elements.map { expression($0.expression) }) }
        if let closureExpression = node.as(ClosureExprSyntax.self) { return closure(closureExpression) }
        if let keyPath = node.as(KeyPathExprSyntax.self) { return self.keyPath(keyPath) }
        return nil
    }

    private func keyPath(_ node: KeyPathExprSyntax) -> Expression? {
        var names: [String] = []
        for component in node.components {
            guard case .property(let property) = component.component else { return nil }
            names.append(property.declName.baseName.text)
        }
        return .keyPath(names)
    }
}
