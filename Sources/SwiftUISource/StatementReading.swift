import FocusCore
internal import SwiftSyntax

/// The statements of actions: closures of buttons and modifiers, and the bodies of methods.
extension ReadContext {
    /// Each statement of `list`, in order (a `let a = 1, b = 2` gives two).
    func statements(_ list: CodeBlockItemListSyntax) -> [Statement] {
        list.flatMap { statements(item: $0.item) }
    }

    private func statements(item: CodeBlockItemSyntax.Item) -> [Statement] {
        switch item {
        case .decl(let declaration):
            if let variable = declaration.as(VariableDeclSyntax.self) { return declarations(variable) }
            return [unmodelledStatement(declaration, what: "A declaration inside an action")]
        case .stmt(let statement):
            // `break` ends a `switch` case, which its end does anyway.
            if let breakStatement = statement.as(BreakStmtSyntax.self), breakStatement.label == nil { return [] }
            return [self.statement(statement)]
        case .expr(let expression):
            return [expressionStatement(expression)]
        @unknown default:
            return []
        }
    }

    private func declarations(_ variable: VariableDeclSyntax) -> [Statement] {
        let mutable = variable.bindingSpecifier.tokenKind == .keyword(.var)
        return variable.bindings.enumerated().map { index, binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, binding.accessorBlock == nil
            else { return unmodelledStatement(binding, what: "This declaration") }
            let value = binding.initializer.map { expression($0.value) }
            // The first name's statement starts at `let`; `let a = 1, b = 2` has `b`'s at `b`.
            let here = index == 0 ? span(of: variable) : span(of: binding)
            return Statement(.declare(name: name, mutable: mutable, value: value), span: here)
        }
    }

    private func statement(_ node: StmtSyntax) -> Statement {
        if let expressionStatement = node.as(ExpressionStmtSyntax.self) {
            return self.expressionStatement(expressionStatement.expression)
        }
        if let guardStatement = node.as(GuardStmtSyntax.self) {
            return Statement(
                .guardElse(
                    conditions: conditions(guardStatement.conditions), otherwise: statements(guardStatement.body.statements)),
                span: span(of: node))
        }
        if let forStatement = node.as(ForStmtSyntax.self) { return self.forStatement(forStatement) }
        if let returnStatement = node.as(ReturnStmtSyntax.self) {
            return Statement(.returnValue(returnStatement.expression.map { expression($0) }), span: span(of: node))
        }
        return unmodelledStatement(node, what: "`\(node.firstToken(viewMode: .sourceAccurate)?.text ?? "this")`")
    }

    private func forStatement(_ node: ForStmtSyntax) -> Statement {
        let name: String
        if let identifier = node.pattern.as(IdentifierPatternSyntax.self) {
            name = identifier.identifier.text
        } else if node.pattern.is(WildcardPatternSyntax.self) {
            name = "_"
        } else {
            return unmodelledStatement(node, what: "A `for` over `\(node.pattern.sourceText)`")
        }
        if node.tryKeyword != nil || node.awaitKeyword != nil || node.caseKeyword != nil {
            return unmodelledStatement(node, what: "This `for`")
        }
        return Statement(
            .forIn(
                name: name, sequence: expression(node.sequence), filter: node.whereClause.map { expression($0.condition) },
                body: statements(node.body.statements)),
            span: span(of: node))
    }

    /// An expression on its own line: an `if`, a `switch`, an assignment, a timing call, a call.
    func expressionStatement(_ node: ExprSyntax) -> Statement {
        let node = folded(node)
        let here = span(of: node)
        if let ifExpression = node.as(IfExprSyntax.self) { return Statement(ifStatement(ifExpression), span: here) }
        if let switchExpression = node.as(SwitchExprSyntax.self) {
            let cases = switchCases(switchExpression.cases) { statements($0) }
            return Statement(.switchOn(subject: expression(switchExpression.subject), cases: cases), span: here)
        }
        if let infix = node.as(InfixOperatorExprSyntax.self), let assignment = assignment(infix) {
            return Statement(assignment, span: here)
        }
        if let timing = timingStatement(node) { return Statement(timing, span: here) }
        let value = expression(node)
        if case .unmodelled(let text) = value { return Statement(.unmodelled(text), span: here) }
        return Statement(.expression(value), span: here)
    }

    private func ifStatement(_ node: IfExprSyntax) -> StatementKind {
        var otherwise: [Statement] = []
        switch node.elseBody {
        case .ifExpr(let elseIf): otherwise = [Statement(ifStatement(elseIf), span: span(of: elseIf))]
        case .codeBlock(let block): otherwise = statements(block.statements)
        default: break
        }
        return .ifThen(conditions: conditions(node.conditions), then: statements(node.body.statements), otherwise: otherwise)
    }

    private func assignment(_ node: InfixOperatorExprSyntax) -> StatementKind? {
        let op: String
        if node.operator.is(AssignmentExprSyntax.self) {
            op = "="
        } else if let binary = node.operator.as(BinaryOperatorExprSyntax.self), ["+=", "-="].contains(binary.operator.text) {
            op = binary.operator.text
        } else {
            return nil
        }
        if node.leftOperand.is(DiscardAssignmentExprSyntax.self) { return .expression(expression(node.rightOperand)) }
        return .assign(target: expression(node.leftOperand), operator: op, value: expression(node.rightOperand))
    }

    /// A statement outside the subset, with a warning at it.
    func unmodelledStatement(_ node: some SyntaxProtocol, what: String) -> Statement {
        warn("\(what) is not modelled: it does nothing here.", at: node)
        return Statement(.unmodelled(node.sourceText), span: span(of: node))
    }
}
