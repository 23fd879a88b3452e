extension Machine {
    /// What a node's modifiers hand down. Environment-like values (`submitLabel`, `keyboardType`)
    /// take the modifier written closest to the view, so the last written is applied first.
    mutating func applyModifiers(_ node: ViewNode, _ scope: inout Scope, _ inner: inout Inherited, _ layout: inout Layout)
        throws(ProgramError)
    {
        for modifier in node.modifiers.reversed() {
            line = modifier.span.line
            switch modifier.kind {
            case .focused(let binding, let equals):
                let place = try place(of: binding, &scope)
                guard case .storage(let name) = place.root, place.path.isEmpty, current.focusNames.contains(name) else {
                    throw failure("'\(describe(place))' is not a @FocusState, so .focused cannot bind to it")
                }
                var value = ProgramValue.boolean(true)
                if let equals { value = try evaluate(equals, &scope, hint: focusEnum(name)) }
                inner.bindings.insert(FocusBinding(name: name, value: value, line: modifier.span.line), at: 0)
            case .onSubmit(let triggers, let action):
                if triggers == "text" { inner.submits.insert((action, scope), at: 0) }
            case .submitLabel(let label): inner.submitLabel = try labelName(label, &scope)
            case .keyboardType(let name): inner.keyboardType = name
            case .textContentType(let name): inner.textContentType = name
            case .disabled(let condition):
                if try truth(condition, &scope) { inner.disabled = true }
            case .toolbar, .presentation, .unmodelled: break
            case .onAppear, .task, .defaultFocus, .onChange, .onDisappear: break
            }
        }
        for modifier in node.modifiers {
            switch modifier.kind {
            case .onAppear(let action), .task(let action): layout.appear.append(.action(action, scope))
            case .onDisappear(let action): layout.disappear.append((action, scope))
            case .onChange(let subject, let initial, let parameters, let action):
                line = modifier.span.line
                var watched = scope
                let id =
                    "\(run.screen)/\(modifier.span.line):\(modifier.span.column)\(inner.suffix)"
                    + "#\(inner.rowID?.uuidString ?? "")@\(scope.storageName(""))"
                layout.changes.append(
                    ChangeWatch(
                        id: id, value: try? evaluate(subject, &watched), initial: initial, parameters: parameters,
                        action: action, scope: scope))
            case .defaultFocus(let binding, let value):
                layout.appear.append(.defaultFocus(binding: binding, value: value, scope, line: modifier.span.line))
            default: break
            }
        }
    }

    /// The enum of the focus state stored as `name`, from its declaration.
    func focusEnum(_ name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else {
            return enumName(of: screenDeclaration.properties.first { $0.name == name }?.type, near: screenDeclaration.name)
        }
        let component = String(name[..<(name.firstIndex(of: "@") ?? dot)])
        let property = String(name[name.index(after: dot)...])
        let declaration = program.components.first { $0.name == component }
        return enumName(of: declaration?.properties.first { $0.name == property }?.type, near: component)
    }

    /// A `ForEach`'s rows. A row's controls carry its id: a model's `id` when it is a UUID, the
    /// element's own UUID, or, over `items.indices`, the id of `items[i]`; a row without one adds
    /// `_index` to its controls' case instead, so every key stays unique and stable.
    mutating func layRows(_ view: ForEachView, base: Int, _ scope: Scope, _ inner: Inherited, _ layout: inout Layout)
        throws(ProgramError) -> [DrawnView]
    {
        var scope = scope
        guard case .array(let items) = try evaluate(view.collection, &scope) else {
            throw failure("ForEach runs over an array or a range here")
        }
        guard items.count <= limits.rows else {
            throw failure("ForEach would draw \(items.count) rows; the playground draws at most \(limits.rows)")
        }
        var indexed: [ProgramValue] = []
        if case .member(let base, "indices") = view.collection, case .array(let elements)? = try? evaluate(base, &scope) {
            indexed = elements
        }
        let rows = view.overBinding ? try place(of: view.collection, &scope) : nil
        var drawn: [DrawnView] = []
        for (index, item) in items.enumerated() {
            var row = inner
            if let id = Self.rowID(of: item) ?? Self.rowID(at: item, in: indexed) {
                row.rowID = id
                row.suffix = ""
            } else {
                row.suffix += "_\(index)"
            }
            var rowScope = scope.pushed()
            if let element = view.element {
                rowScope = rowScope.with(
                    element, rows.map { .place($0.appending(.index(index))) } ?? .value(item, mutable: false))
            }
            drawn += lay(view.content, base: base, rowScope, row, &layout)
        }
        return drawn
    }

    /// The arguments of a component's use with a trailing closure (labelled `nil`) given the
    /// label of the property it stands for: the component's last one of a function type.
    static func labellingTrailingClosure(_ arguments: [Argument], of component: ViewDeclaration) -> [Argument] {
        guard let last = arguments.last, last.label == nil, case .closure = last.value,
            let property = component.properties.last(where: { property in
                guard property.wrapper == .plain, property.initial == nil, case .other(let text)? = property.type else {
                    return false
                }
                return text.contains("->")
            })
        else { return arguments }
        return arguments.dropLast() + [Argument(label: property.name, value: last.value)]
    }

    static func rowID(of value: ProgramValue) -> RowID? {
        switch value {
        case .uuid(let id): return id
        case .model(_, let properties):
            if case .uuid(let id)? = properties.first(where: { $0.name == "id" })?.value { return id }
            return nil
        default: return nil
        }
    }

    static func rowID(at index: ProgramValue, in elements: [ProgramValue]) -> RowID? {
        guard case .integer(let offset) = index, elements.indices.contains(offset) else { return nil }
        return rowID(of: elements[offset])
    }

    /// A component inlined: its bindings alias the caller's places, its plain parameters take the
    /// arguments' values, and its own `@State` lives in the screen's storage under its instance.
    mutating func layComponent(
        _ name: String, _ arguments: [Argument], base: Int, _ scope: Scope, _ inner: Inherited, _ layout: inout Layout
    ) throws(ProgramError) -> [DrawnView] {
        guard let component = program.components.first(where: { $0.name == name }) else {
            throw failure("'\(name)' is not a view of this program")
        }
        guard inner.componentDepth < ControlNumbering.componentDepth else {
            throw failure("'\(name)' uses itself too deep")
        }
        var caller = scope
        let instance = name + "@c\(base)" + (inner.rowID.map { "#" + $0.uuidString } ?? "") + inner.suffix
        var properties: [String: Slot] = [:]
        let arguments = Self.labellingTrailingClosure(arguments, of: component)
        for argument in arguments where !component.properties.contains(where: { $0.name == argument.label }) {
            throw failure("\(name) has no parameter '\(argument.label ?? "_")'")
        }
        for property in component.properties {
            let argument = arguments.first { $0.label == property.name }
            if case .closure(let parameters, let body)? = argument?.value, property.wrapper == .plain {
                properties[property.name] = .closure(parameters: parameters, body: body, scope: caller)
                continue
            }
            switch property.wrapper {
            case .binding, .focusBinding:
                guard let argument else { throw failure("\(name)(…) needs '\(property.name): $…'") }
                properties[property.name] = .place(try place(of: argument.value, &caller))
            case .plain:
                if let argument {
                    let hint = enumName(of: property.type, near: name)
                    properties[property.name] = .value(try evaluate(argument.value, &caller, hint: hint), mutable: false)
                } else if property.initial == nil {
                    throw failure("\(name)(…) needs '\(property.name):'")
                }
            case .state, .focusState:
                break
            }
        }
        var own = Scope(view: .component(name: name, instance: instance), properties: properties, locals: [[:]])
        for property in component.properties where property.wrapper == .state || property.wrapper == .focusState {
            let key = own.storageName(property.name)
            guard current.values[key] == nil else { continue }
            var value: ProgramValue
            if let initial = property.initial {
                value = try evaluate(initial, &own, hint: enumName(of: property.type, near: name))
            } else if property.wrapper == .focusState {
                value = property.type == .named("Bool") ? .boolean(false) : .none
            } else {
                value = Self.zero(of: property.type)
            }
            current.values[key] = value
            if property.wrapper == .state { current.stateNames.append(key) } else { current.focusNames.append(key) }
        }
        var nested = inner
        nested.componentDepth += 1
        return lay(component.body, base: base, own, nested, &layout)
    }
}

extension Machine {
    /// The name of the label `expression` picks: `.next`, `SubmitLabel.next`, or either side of a
    /// condition (`isLast ? .done : .next`).
    mutating func labelName(_ expression: Expression, _ scope: inout Scope) throws(ProgramError) -> String {
        switch expression {
        case .implicitMember(let name), .member(_, let name): return name
        case .ternary(let condition, let yes, let no):
            return try labelName(try truth(condition, &scope) ? yes : no, &scope)
        default: throw failure("a submit label is written as `.next` or picked with `?:` here")
        }
    }
}
