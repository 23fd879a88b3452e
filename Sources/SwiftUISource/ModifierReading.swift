import FocusCore
internal import SwiftSyntax

/// The modifiers chained on a view.
extension ReadContext {
    /// Modifiers that change only how a view looks, accepted without effect.
    static let presentationModifiers: Set<String> = [
        "accentColor", "accessibilityHint", "accessibilityIdentifier", "accessibilityLabel", "animation",
        "autocapitalization", "autocorrectionDisabled", "background", "blur", "bold", "border", "brightness",
        "buttonBorderShape", "buttonStyle", "clipShape", "clipped", "contentShape", "controlSize", "cornerRadius",
        "disableAutocorrection", "fixedSize", "font", "fontDesign", "fontWeight", "foregroundColor", "foregroundStyle",
        "frame", "grayscale", "headerProminence", "ignoresSafeArea", "imageScale", "italic", "kerning", "labelStyle",
        "labelsHidden", "layoutPriority", "lineLimit", "lineSpacing", "listRowBackground", "listRowInsets",
        "listRowSeparator", "listSectionSeparator", "listStyle", "minimumScaleFactor", "monospaced", "monospacedDigit",
        "multilineTextAlignment", "navigationBarTitle", "navigationBarTitleDisplayMode", "navigationTitle", "offset",
        "opacity", "padding", "pickerStyle", "privacySensitive", "rotationEffect", "scaleEffect", "scrollContentBackground",
        "scrollDismissesKeyboard", "shadow", "strikethrough", "symbolRenderingMode", "textCase", "textFieldStyle",
        "textInputAutocapitalization", "textSelection", "tint", "toggleStyle", "toolbarBackground", "toolbarTitleDisplayMode",
        "tracking", "transition", "truncationMode", "underline", "formStyle", "zIndex",
    ]

    /// `.name(…)` written on a view, `at` the member it is called through (its span is the `.`).
    func modifier(_ name: String, call: FunctionCallExprSyntax, at member: MemberAccessExprSyntax) -> ViewModifier {
        ViewModifier(modifierKind(name, call: call, at: member), span: span(of: member.period))
    }

    private func modifierKind(_ name: String, call: FunctionCallExprSyntax, at member: MemberAccessExprSyntax) -> ViewModifierKind
    {
        switch name {
        case "focused":
            if let binding = argument(call, nil) {
                return .focused(
                    binding: expression(binding).withoutBinding, equals: argument(call, "equals").map { expression($0) })
            }
        case "onSubmit":
            if let action = action(call, label: nil) {
                let triggers = argument(call, "of").map(submitTriggers) ?? "text"
                return .onSubmit(triggers: triggers, action: action)
            }
        case "submitLabel":
            if let label = argument(call, nil) { return .submitLabel(expression(label)) }
        case "toolbar":
            if let content = closure(call, label: "content") { return .toolbar(toolbarItems(content)) }
        case "disabled":
            if let condition = argument(call, nil) { return .disabled(expression(condition)) }
        case "defaultFocus":
            let values = call.arguments.filter { $0.label == nil }
            if values.count == 2, let binding = values.first?.expression, let value = values.last?.expression {
                return .defaultFocus(binding: expression(binding).withoutBinding, value: expression(value))
            }
        case "onAppear":
            if let action = action(call, label: "perform") { return .onAppear(action) }
        case "task":
            if let action = action(call, label: "operation") {
                if call.arguments.contains(where: { $0.label != nil }) {
                    warn("The arguments of `.task` are not modelled: it runs once, on appear.", at: member.period)
                }
                return .task(action)
            }
        case "onChange":
            if let change = onChange(call) { return change }
        case "onDisappear":
            if let action = action(call, label: "perform") { return .onDisappear(action) }
        case "keyboardType":
            if let type = argument(call, nil) { return .keyboardType(memberName(type)) }
        case "textContentType":
            if let type = argument(call, nil) { return .textContentType(memberName(type)) }
        default:
            if Self.presentationModifiers.contains(name) { return .presentation(name) }
        }
        warn("`.\(name)` is not modelled here: it has no effect.", at: member.period)
        return .unmodelled(name)
    }

    /// The modifier's action: its trailing closure, or the closure or function labelled `label`
    /// (or unlabelled).
    private func action(_ call: FunctionCallExprSyntax, label: String?) -> [Statement]? {
        if let trailing = call.trailingClosure { return statements(trailing.statements) }
        let given = call.arguments.first { $0.label?.text == label || $0.label == nil }?.expression
        return given.map(actionStatements)
    }

    /// `.onChange(of: value) { … }`, with `initial:` and the closure's parameters (`{ old, new in
    /// … }`), or with a function to call (`perform: refresh`).
    private func onChange(_ call: FunctionCallExprSyntax) -> ViewModifierKind? {
        guard let subject = argument(call, "of") else { return nil }
        let initial = argument(call, "initial")?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
        let given = call.arguments.first { $0.label?.text != "of" && $0.label?.text != "initial" }?.expression
        if let body = call.trailingClosure ?? given?.as(ClosureExprSyntax.self) {
            return .onChange(
                of: expression(subject), initial: initial, parameters: closureParameters(body),
                action: statements(body.statements))
        }
        guard let given else { return nil }
        return .onChange(of: expression(subject), initial: initial, parameters: [], action: actionStatements(given))
    }

    /// `.search` is `search`; `[.text, .search]` is `text,search`.
    private func submitTriggers(_ node: ExprSyntax) -> String {
        if let array = node.as(ArrayExprSyntax.self) {
            return array.elements.map { memberName($0.expression) }.joined(separator: ",")
        }
        return memberName(node)
    }

    /// The items of a `.toolbar { … }`: `ToolbarItemGroup`s and `ToolbarItem`s with their
    /// placements; views written directly in it make one `automatic` group.
    private func toolbarItems(_ content: ClosureExprSyntax) -> [ToolbarItemGroup] {
        var groups: [ToolbarItemGroup] = []
        var loose: [ViewNode] = []
        var looseSpan: SourceSpan?
        for item in content.statements {
            if let call = toolbarItemCall(item.item),
                ["ToolbarItemGroup", "ToolbarItem"].contains(call.calledExpression.sourceText)
            {
                let placement = argument(call, "placement").map(memberName) ?? "automatic"
                groups.append(
                    ToolbarItemGroup(
                        placement: placement, content: viewNodes(closure(call, label: "content")), span: span(of: call)))
            } else {
                looseSpan = looseSpan ?? span(of: item)
                if let view = viewNode(item: item) { loose.append(view) }
            }
        }
        if let looseSpan { groups.append(ToolbarItemGroup(placement: "automatic", content: loose, span: looseSpan)) }
        return groups
    }

    private func toolbarItemCall(_ item: CodeBlockItemSyntax.Item) -> FunctionCallExprSyntax? {
        switch item {
        case .expr(let expression): return expression.as(FunctionCallExprSyntax.self)
        case .stmt(let statement): return statement.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
        case .decl: return nil
        @unknown default: return nil
        }
    }
}
