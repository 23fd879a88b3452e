import FocusCore
internal import SwiftSyntax

/// The views the playground models, by the name they are called with.
extension ReadContext {
    static let containers: [String: ContainerKind] = [
        "Form": .form, "Section": .section, "VStack": .vStack, "LazyVStack": .vStack, "HStack": .hStack,
        "LazyHStack": .hStack, "ZStack": .zStack, "Group": .group, "List": .list, "NavigationStack": .navigationStack,
        "NavigationView": .navigationStack, "ScrollView": .scrollView,
    ]

    /// The view `name(…)` calls: a modelled view, one of the source's own, or a placeholder.
    func view(named name: String, call: FunctionCallExprSyntax) -> ViewKind {
        if let kind = Self.containers[name] { return container(kind, call: call) }
        switch name {
        case "ForEach": if let forEach = forEach(call) { return .forEach(forEach) }
        case "TextField", "SecureField", "TextEditor": return .textInput(textInput(name, call: call))
        case "Text": return text(call)
        case "Button": return .button(button(call))
        case "Toggle":
            let label = viewNodes(closure(call, label: nil))
            return .toggle(
                title: argument(call, nil).map { expression($0) } ?? title(of: label) ?? .string(""),
                isOn: argument(call, "isOn").map { expression($0).withoutBinding } ?? .unmodelled("isOn"))
        case "Label":
            let label = viewNodes(closure(call, label: "title"))
            return .label(title: argument(call, nil).map { expression($0) } ?? title(of: label) ?? .string(""))
        case "Spacer": return .spacer
        case "Divider": return .divider
        case "EmptyView": return .container(.group, title: nil, content: [])
        default:
            if let qualified = viewNames[name] {
                noteUse(of: qualified)
                return .component(
                    name: qualified,
                    arguments: arguments(
                        call.arguments, trailing: call.trailingClosure, additional: call.additionalTrailingClosures))
            }
        }
        warn("`\(name)` is not modelled: it is drawn as a placeholder and what is inside it still runs.", at: call)
        // `NavigationLink(destination: Detail())`: a use of the source's own view as an argument.
        let viewArguments = call.arguments.compactMap { argument -> ViewNode? in
            guard let inner = argument.expression.as(FunctionCallExprSyntax.self),
                let callee = inner.calledExpression.as(DeclReferenceExprSyntax.self), viewNames[callee.baseName.text] != nil
            else { return nil }
            return viewNode(argument.expression)
        }
        return .unmodelled(name: name, content: viewArguments + contentOfEveryClosure(call))
    }

    private func container(_ kind: ContainerKind, call: FunctionCallExprSyntax) -> ViewKind {
        var heading: Expression?
        var content = viewNodes(closure(call, label: "content"))
        if kind == .section {
            if let header = argument(call, "header") {
                heading = title(of: [viewNode(header)])
            } else if let first = argument(call, nil) {
                heading = expression(first)
            } else {
                heading = title(of: viewNodes(closure(call, label: "header")))
            }
        }
        if kind == .list, argument(call, nil) != nil, let rows = forEach(call) {
            content = [ViewNode(.forEach(rows), span: span(of: call))]
        }
        return .container(kind, title: heading, content: content)
    }

    /// The text a label's views show: its first `Text` or `Label`.
    func title(of views: [ViewNode]) -> Expression? {
        for view in views {
            switch view.kind {
            case .text(let text, _): return text
            case .label(let title): return title
            case .container(_, _, let content): if let inner = title(of: content) { return inner }
            default: continue
            }
        }
        return nil
    }

    private func forEach(_ call: FunctionCallExprSyntax) -> ForEachView? {
        guard let data = argument(call, nil) else { return nil }
        let collection = expression(data)
        let body = closure(call, label: "content")
        let element = body.flatMap { closureParameters($0).first }.map { $0.hasPrefix("$") ? String($0.dropFirst()) : $0 }
        return ForEachView(
            collection: collection.withoutBinding, overBinding: collection.isBinding, element: element,
            content: viewNodes(body))
    }

    private func textInput(_ name: String, call: FunctionCallExprSyntax) -> TextInputView {
        let style: TextInputView.Style
        switch name {
        case "SecureField": style = .secure
        case "TextEditor": style = .editor
        default: style = argument(call, "axis").map(memberName) == "vertical" ? .verticalField : .field
        }
        let title = argument(call, nil).map { expression($0) } ?? title(of: viewNodes(closure(call, label: "label")))
        let text = argument(call, "text").map { expression($0).withoutBinding }
        if text == nil { warn("`\(name)` without `text:` is not modelled: it edits nothing.", at: call) }
        return TextInputView(style: style, title: style == .editor ? nil : title, text: text ?? .unmodelled(call.sourceText))
    }

    private func text(_ call: FunctionCallExprSyntax) -> ViewKind {
        if let verbatim = argument(call, "verbatim") { return .text(expression(verbatim), markdown: false) }
        guard let first = argument(call, nil) else {
            warn("This `Text` is not modelled: it shows nothing.", at: call)
            return .text(.string(""), markdown: false)
        }
        // `Text((try? AttributedString(markdown: notes)) ?? "")`: through `try`, parentheses, `??`.
        var inner = first
        while true {
            if let tryExpression = inner.as(TryExprSyntax.self) {
                inner = tryExpression.expression
            } else if let tuple = inner.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                inner = only.expression
            } else if let fallback = folded(inner).as(InfixOperatorExprSyntax.self),
                fallback.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
            {
                inner = fallback.leftOperand
            } else {
                break
            }
        }
        if let attributed = inner.as(FunctionCallExprSyntax.self), attributed.calledExpression.sourceText == "AttributedString",
            let markdown = argument(attributed, "markdown")
        {
            return .text(expression(markdown), markdown: true)
        }
        let value = expression(first)
        return .text(value, markdown: first.is(StringLiteralExprSyntax.self) && Self.looksLikeMarkdown(value))
    }

    /// Whether a literal `Text` has Markdown SwiftUI would draw (emphasis, code, a link).
    static func looksLikeMarkdown(_ value: Expression) -> Bool {
        let literal: String
        switch value {
        case .string(let text): literal = text
        case .interpolated(let pieces):
            literal = pieces.map { if case .literal(let text) = $0 { text } else { "" } }.joined()
        default: return false
        }
        func pairs(_ marker: String) -> Bool { literal.split(separator: marker, omittingEmptySubsequences: false).count >= 3 }
        return pairs("*") || pairs("`") || pairs("~~") || literal.contains("](")
    }

    private func button(_ call: FunctionCallExprSyntax) -> ButtonView {
        var action: [Statement]?
        if let given = call.arguments.first(where: { $0.label?.text == "action" })?.expression {
            action = actionStatements(given)
        }
        var label: [ViewNode] = []
        if let trailing = call.trailingClosure {
            if action == nil { action = statements(trailing.statements) } else { label = viewNodes(trailing.statements) }
        }
        if let labelClosure = call.additionalTrailingClosures.first(where: { $0.label.text == "label" })?.closure
            ?? call.arguments.first(where: { $0.label?.text == "label" })?.expression.as(ClosureExprSyntax.self)
        {
            label = viewNodes(labelClosure.statements)
        }
        let title = argument(call, nil).map { expression($0) } ?? title(of: label)
        return ButtonView(
            title: title, label: label, action: action ?? [], role: argument(call, "role").map(memberName))
    }

    /// An action given as a closure, or as a function to call (`action: submit`).
    func actionStatements(_ node: ExprSyntax) -> [Statement] {
        if let closure = node.as(ClosureExprSyntax.self) { return statements(closure.statements) }
        return [Statement(.expression(.call(expression(node), [])), span: span(of: node))]
    }
}
