extension Machine {
    /// Does what an intent asks, on this machine's copy of the run.
    mutating func handle(_ intent: ProgramIntent) throws(ProgramError) {
        guard program.screens.indices.contains(run.screen), run.screens.count == program.screens.count else {
            throw .unknownScreen(run.screen)
        }
        let before = watchedValues()
        try perform(intent)
        try fireChanges(since: before)
    }

    private mutating func perform(_ intent: ProgramIntent) throws(ProgramError) {
        switch intent {
        case .tap(nil), .focus(nil):
            cause = .tap
            try moveFocus(to: nil, layout())
        case .tap(let key?):
            try tap(key)
        case .focus(let key?):
            let layout = layout()
            let control = try textControl(key, layout)
            cause = .tap
            try moveFocus(to: control, layout)
        case .edit(let key, let text):
            let layout = layout()
            let control = try textControl(key, layout)
            guard case .text(let input) = control.kind else { throw .notEditable(key) }
            var scope = control.scope
            line = control.line
            let target = try place(of: input.text, &scope)
            line = nil
            try write(.string(text), to: target, &scope)
            emit(.edit(key))
            try settle()
        case .submit:
            try submit()
        case .dismiss:
            let layout = layout()
            guard let key = current.focused, let control = layout.control(key) else { return }
            // The system lets go of the field: the line that models it is the `.focused` binding
            // SwiftUI writes nil through.
            cause = .dismiss
            line = control.bindings.first?.line ?? control.line
            try moveFocus(to: nil, layout)
            line = nil
        case .timerFired(let token):
            guard let index = run.timers.firstIndex(where: { $0.token == token }) else { return }
            let timer = run.timers.remove(at: index)
            guard timer.screen == run.screen else { return }
            cause = .autoFocus
            runningTask = timer.task
            try runAction(timer.continuation.statements, timer.continuation.scope)
            runningTask = nil
            try settle()
        case .show(let screen):
            guard program.screens.indices.contains(screen) else { throw .unknownScreen(screen) }
            guard screen != run.screen else { return }
            cause = .navigation
            let leaving = layout()
            try moveFocus(to: nil, leaving)
            for work in leaving.disappear { try runAction(work.action, work.scope) }
            let left = run.screen
            run.timers.removeAll { $0.screen == left }
            run.screen = screen
            emit(.screen(screen))
            try appear()
        }
    }

    /// A field that can take focus or text: drawn, a text input, not disabled.
    private func textControl(_ key: ControlKey, _ layout: Layout) throws(ProgramError) -> LaidControl {
        guard let control = layout.control(key) else { throw .unknownControl(key) }
        guard control.isTextInput else { throw .notEditable(key) }
        guard !control.disabled else { throw .disabled(key) }
        return control
    }

    private mutating func tap(_ key: ControlKey) throws(ProgramError) {
        let layout = layout()
        guard let control = layout.control(key) else { throw .unknownControl(key) }
        guard !control.disabled else { throw .disabled(key) }
        switch control.kind {
        case .text:
            cause = .tap
            try moveFocus(to: control, layout)
        case .button(let button):
            cause = .binding
            try runAction(button.action, control.scope)
            try settle()
        case .toggle(let isOn):
            var scope = control.scope
            line = control.line
            let target = try place(of: isOn, &scope)
            guard case .boolean(let flag) = try read(target, scope) else { throw failure("a Toggle's isOn must be a Bool") }
            line = nil
            try write(.boolean(!flag), to: target, &scope)
            try settle()
        }
    }

    /// Return: a new line in a `TextEditor` or a vertical field; otherwise the `onSubmit` actions
    /// around the field, innermost first, and then, unless one of them moved focus, focus leaves
    /// the field (SwiftUI ends editing on Return).
    private mutating func submit() throws(ProgramError) {
        let layout = layout()
        guard let key = current.focused, let control = layout.control(key), case .text(let input) = control.kind else { return }
        if input.style == .editor || input.style == .verticalField {
            var scope = control.scope
            line = control.line
            let target = try place(of: input.text, &scope)
            guard case .string(let text) = try read(target, scope) else { throw failure("a text field's text must be a String") }
            line = nil
            try write(.string(text + "\n"), to: target, &scope)
            emit(.edit(key))
            try settle()
            return
        }
        cause = .submit
        var moved = false
        for submit in control.submits {
            try runAction(submit.actions, submit.scope)
            moved = moved || !focusWrites.isEmpty
        }
        try settle()
        if !moved && current.focused == key {
            line = nil
            try moveFocus(to: nil, self.layout())
        }
    }

    /// The screen appears: its `onAppear` and `task` actions run in draw order, then the
    /// `onChange(of:initial: true)` actions, then a `defaultFocus` applies if none of them gave a
    /// field focus.
    mutating func appear() throws(ProgramError) {
        cause = .autoFocus
        current.appeared = true
        let layout = layout()
        var defaults: [(Expression, Expression, Scope, Int)] = []
        for work in layout.appear {
            switch work {
            case .action(let statements, let scope): try runAction(statements, scope)
            case .defaultFocus(let binding, let value, let scope, let line): defaults.append((binding, value, scope, line))
            }
        }
        let assigned = !focusWrites.isEmpty
        try settle()
        try fireInitialChanges(layout)
        guard !assigned else { return }
        for (binding, value, scope, at) in defaults where current.focused == nil {
            var scope = scope
            line = at
            let target = try place(of: binding, &scope)
            guard case .storage(let name) = target.root else { continue }
            try write(try evaluate(value, &scope, hint: focusEnum(name)), to: target, &scope)
            try settle()
        }
    }

    /// Fresh values for every screen's `@State` and `@FocusState`; the first failure is returned.
    mutating func initialiseScreens() -> ProgramError? {
        var failure: ProgramError?
        let shown = run.screen
        for (index, screen) in program.screens.enumerated() {
            run.screen = index
            for property in screen.properties {
                line = property.span.line
                switch property.wrapper {
                case .state:
                    var scope = Scope.screen
                    do {
                        let value = try property.initial.map { (initial) throws(ProgramError) in
                            try evaluate(initial, &scope, hint: enumName(of: property.type, near: screen.name))
                        }
                        current.values[property.name] = value ?? Self.zero(of: property.type)
                    } catch {
                        // A value it cannot make (`Date()`) leaves the state empty; what reads it
                        // fails on its own line, and the rest of the screen runs.
                        current.values[property.name] = Self.zero(of: property.type)
                        failure = failure ?? error
                    }
                    current.stateNames.append(property.name)
                case .focusState:
                    current.values[property.name] = property.type == .named("Bool") ? .boolean(false) : ProgramValue.none
                    current.focusNames.append(property.name)
                default: break
                }
            }
        }
        run.screen = shown
        line = nil
        return failure
    }
}
