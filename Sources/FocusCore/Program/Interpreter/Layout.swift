/// A focus state a control is bound to by `.focused($f, equals: v)` on it or on a view around it.
struct FocusBinding: Equatable {
    /// The focus state's storage name.
    var name: String
    var value: ProgramValue
    /// The line of the `.focused` modifier that binds it.
    var line: Int
}

/// One control as drawn now, with what intents on it need: where its expressions evaluate, the
/// focus states it is bound to and the `onSubmit` actions around it (innermost first).
struct LaidControl {
    enum Kind {
        case text(TextInputView)
        case toggle(isOn: Expression)
        case button(ButtonView)
    }

    var key: ControlKey
    var kind: Kind
    var scope: Scope
    var line: Int
    var disabled: Bool
    var bindings: [FocusBinding]
    var submits: [(actions: [Statement], scope: Scope)]

    var isTextInput: Bool {
        if case .text = kind { return true }
        return false
    }

    /// The value this control gives the focus state `name` when it has focus, if it is bound to it.
    func boundValue(_ name: String) -> ProgramValue? {
        bindings.first { $0.name == name }?.value
    }
}

/// What runs when a screen appears, in draw order.
enum AppearWork {
    case action([Statement], Scope)
    case defaultFocus(binding: Expression, value: Expression, Scope, line: Int)
}

/// An `onChange(of:)` as laid out now: which one it is (where it is written, on which screen,
/// in which row and component instance), the value it watches now (`nil` when that cannot be
/// evaluated) and what runs when the value changes.
struct ChangeWatch {
    var id: String
    var value: ProgramValue?
    var initial: Bool
    var parameters: [String]
    var action: [Statement]
    var scope: Scope
}

/// A screen laid out from the current state: its drawn views and its controls in draw order.
struct Layout {
    var content: [DrawnView] = []
    var toolbar: [DrawnView] = []
    var keyboard: [DrawnView] = []
    var controls: [LaidControl] = []
    var appear: [AppearWork] = []
    /// The `onChange(of:)` modifiers drawn now, in draw order.
    var changes: [ChangeWatch] = []
    /// The `onDisappear` actions drawn now, in draw order.
    var disappear: [(action: [Statement], scope: Scope)] = []
    /// The screen laid out, and every storage its views read with the value it had: the layout
    /// holds while they are unchanged (a focus move that no view reads draws the same views).
    var screen = 0
    var reads: [String: ProgramValue?] = [:]

    /// Whether this is still the layout of `run`'s current screen.
    func holds(for run: ProgramRun) -> Bool {
        guard run.screen == screen, run.screens.indices.contains(screen) else { return false }
        // The values once, not the whole screen's run copied out for every read.
        let values = run.screens[screen].values
        return reads.allSatisfy { values[$0.key] == $0.value }
    }

    func control(_ key: ControlKey) -> LaidControl? {
        controls.first { $0.key == key }
    }
}

/// What a view hands down to the views inside it.
struct Inherited {
    var disabled = false
    var submitLabel: String?
    var keyboardType: String?
    var textContentType: String?
    var bindings: [FocusBinding] = []
    var submits: [(actions: [Statement], scope: Scope)] = []
    /// The innermost `ForEach` row with an id, and the indices of rows without one inside it.
    var rowID: RowID?
    var suffix = ""
    var componentDepth = 0
}

extension Machine {
    /// Lays out the current screen. A view whose expressions fail is drawn as a placeholder that
    /// says why, so one mistake does not blank the screen.
    /// The layout is kept while the storage it read is unchanged: an intent asks for it several
    /// times (what its `onChange`s watch, the control it names, the screen drawn after it), and
    /// the next intent starts from it.
    mutating func layout() -> Layout {
        guard layOutIfNeeded(), let laidOut else { return Layout() }
        return laidOut
    }

    /// Makes `laidOut` the layout of the run as it is, laying the screen out only when what it
    /// read has changed; `false` when there is no screen to lay out. Readers of one part of the
    /// layout (its `onChange`s, its drawn views) call this and read `laidOut` in place, where
    /// `layout()` copies the whole of it.
    @discardableResult
    mutating func layOutIfNeeded() -> Bool {
        if laidOut != nil, layoutChecked || laidOut?.holds(for: run) == true {
            layoutChecked = true
            return true
        }
        guard program.screens.indices.contains(run.screen) else { return false }
        var layout = Layout()
        let (savedLine, savedReads) = (line, layoutReads)
        layoutReads = []
        layout.content = lay(screenDeclaration.body, base: 0, .screen, Inherited(), &layout)
        layout.screen = run.screen
        for name in layoutReads ?? [] { layout.reads[name] = current.values[name] }
        (line, layoutReads) = (savedLine, savedReads)
        laidOut = layout
        layoutChecked = true
        return true
    }

    mutating func lay(_ nodes: [ViewNode], base: Int, _ scope: Scope, _ inherited: Inherited, _ layout: inout Layout)
        -> [DrawnView]
    {
        let numbering = ControlNumbering(program: program)
        var number = base
        var drawn: [DrawnView] = []
        for node in nodes {
            line = node.span.line
            do {
                drawn += try lay(node, number: number, scope, inherited, &layout)
            } catch {
                drawn.append(DrawnView(kind: .placeholder, title: Self.message(error), line: node.span.line))
            }
            number += numbering.count(node, depth: inherited.componentDepth)
        }
        return drawn
    }

    static func message(_ error: ProgramError) -> String {
        switch error {
        case .runtime(let line, let message): "Line \(line): \(message)"
        case .stepBudgetExceeded(let line): "Line \(line): this view ran more steps than the playground allows"
        case .callTooDeep(let line): "Line \(line): calls nest too deep"
        default: "\(error)"
        }
    }

    private mutating func lay(_ node: ViewNode, number: Int, _ scope: Scope, _ outer: Inherited, _ layout: inout Layout)
        throws(ProgramError) -> [DrawnView]
    {
        var scope = scope
        var inner = outer
        try applyModifiers(node, &scope, &inner, &layout)
        let line = node.span.line
        let key = FocusKey(FocusCase(rawValue: names.name(screen: run.screen, number: number) + inner.suffix), id: inner.rowID)
        let childBase = number + (ControlNumbering.isControl(node.kind) ? 1 : 0)
        var drawn: [DrawnView]
        switch node.kind {
        case .container(let kind, let title, let content):
            let heading = try title.map { (expression) throws(ProgramError) in try text(expression, &scope) }
            drawn = [
                DrawnView(
                    kind: Self.drawnKind(kind), title: heading, line: line,
                    content: lay(content, base: childBase, scope, inner, &layout))
            ]
        case .forEach(let view):
            drawn = try layRows(view, base: childBase, scope, inner, &layout)
        case .textInput(let input):
            let kind: DrawnView.Kind = input.style == .secure ? .secureField : input.style == .editor ? .textEditor : .textField
            let title = try input.title.map { (expression) throws(ProgramError) in try text(expression, &scope) }
            drawn = [
                DrawnView(
                    kind: kind, key: key, title: title, value: try text(input.text, &scope), disabled: inner.disabled,
                    submitLabel: inner.submitLabel ?? "return", keyboardType: inner.keyboardType,
                    textContentType: inner.textContentType, axis: input.style == .verticalField ? "vertical" : nil, line: line)
            ]
            register(key, .text(input), scope, line, inner, &layout)
        case .toggle(let title, let isOn):
            guard case .boolean(let flag) = try evaluate(isOn, &scope) else { throw failure("a Toggle's isOn must be a Bool") }
            drawn = [
                DrawnView(
                    kind: .toggle, key: key, title: try text(title, &scope), value: flag ? "true" : "false",
                    disabled: inner.disabled, line: line)
            ]
            register(key, .toggle(isOn: isOn), scope, line, inner, &layout)
        case .button(let button):
            var title = try button.title.map { (expression) throws(ProgramError) in try text(expression, &scope) }
            if title == nil {
                var ignored = Layout()
                title = Self.titles(lay(button.label, base: 0, scope, inner, &ignored)).joined(separator: " ")
            }
            drawn = [DrawnView(kind: .button, key: key, title: title, disabled: inner.disabled, line: line)]
            register(key, .button(button), scope, line, inner, &layout)
        case .text(let expression, let markdown):
            drawn = [DrawnView(kind: .text, title: try text(expression, &scope), markdown: markdown, line: line)]
        case .label(let title):
            drawn = [DrawnView(kind: .label, title: try text(title, &scope), line: line)]
        case .spacer: drawn = [DrawnView(kind: .spacer, line: line)]
        case .divider: drawn = [DrawnView(kind: .divider, line: line)]
        case .conditional(let conditions, let then, let otherwise):
            var branch = scope.pushed()
            if try holds(conditions, &branch) {
                drawn = lay(then, base: childBase, branch, inner, &layout)
            } else {
                let skipped = ControlNumbering(program: program).count(then, depth: inner.componentDepth)
                drawn = lay(otherwise, base: childBase + skipped, scope, inner, &layout)
            }
        case .switchView(let subject, let cases):
            let value = try evaluate(subject, &scope)
            var caseBase = childBase
            drawn = []
            for item in cases {
                var branch = scope.pushed()
                if try matches(item, value, &branch) {
                    drawn = lay(item.body, base: caseBase, branch, inner, &layout)
                    break
                }
                caseBase += ControlNumbering(program: program).count(item.body, depth: inner.componentDepth)
            }
        case .component(let name, let arguments):
            drawn = try layComponent(name, arguments, base: childBase, scope, inner, &layout)
        case .unmodelled(let name, let content):
            drawn = [
                DrawnView(
                    kind: .placeholder, title: name, line: line, content: lay(content, base: childBase, scope, inner, &layout))
            ]
        }
        try layToolbars(node, base: number, scope, outer, &layout)
        return drawn
    }

    private mutating func register(
        _ key: ControlKey, _ kind: LaidControl.Kind, _ scope: Scope, _ line: Int, _ inherited: Inherited, _ layout: inout Layout
    ) {
        layout.controls.append(
            LaidControl(
                key: key, kind: kind, scope: scope, line: line, disabled: inherited.disabled, bindings: inherited.bindings,
                submits: inherited.submits))
    }

    /// A node's toolbars, after its content. The keyboard's is drawn only while a field has focus,
    /// but its buttons can be tapped whatever has focus: a host may keep the bar on screen
    /// (Previous and Next then enter the form at either end).
    private mutating func layToolbars(_ node: ViewNode, base: Int, _ scope: Scope, _ outer: Inherited, _ layout: inout Layout)
        throws(ProgramError)
    {
        guard node.modifiers.contains(where: { if case .toolbar = $0.kind { true } else { false } }) else { return }
        let numbering = ControlNumbering(program: program)
        var groupBase = base + numbering.count(node, depth: outer.componentDepth)
        for modifier in node.modifiers.reversed() {
            guard case .toolbar(let groups) = modifier.kind else { continue }
            for group in groups.reversed() { groupBase -= numbering.count(group.content, depth: outer.componentDepth) }
        }
        var plain = outer
        plain.bindings = []
        plain.submits = []
        for modifier in node.modifiers {
            guard case .toolbar(let groups) = modifier.kind else { continue }
            for group in groups {
                if group.placement == "keyboard" {
                    // Laid out (so tappable) whatever has focus; `draw` shows it only while a field has.
                    layout.keyboard += lay(group.content, base: groupBase, scope, plain, &layout)
                } else {
                    layout.toolbar += lay(group.content, base: groupBase, scope, plain, &layout)
                }
                groupBase += numbering.count(group.content, depth: outer.componentDepth)
            }
        }
    }

    /// A string's text for drawing: the value as interpolation shows it.
    mutating func text(_ expression: Expression, _ scope: inout Scope) throws(ProgramError) -> String {
        printer.interpolated(try evaluate(expression, &scope))
    }

    static func titles(_ views: [DrawnView]) -> [String] {
        views.flatMap { view in (view.title.map { [$0] } ?? []) + titles(view.content) }
    }

    static func drawnKind(_ kind: ContainerKind) -> DrawnView.Kind {
        switch kind {
        case .form: .form
        case .section: .section
        case .vStack, .hStack, .zStack: .stack
        case .list: .list
        case .group, .navigationStack, .scrollView: .group
        }
    }
}
