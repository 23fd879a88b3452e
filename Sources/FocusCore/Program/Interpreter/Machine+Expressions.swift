extension Machine {
    /// The value of an expression. `hint` names the enum an implicit member (`.password`) is a
    /// case of, when the context says it (an assignment's target, the other side of `==`).
    mutating func evaluate(_ expression: Expression, _ scope: inout Scope, hint: String? = nil) throws(ProgramError)
        -> ProgramValue
    {
        switch expression {
        case .string(let text): return .string(text)
        case .interpolated(let pieces):
            var text = ""
            for piece in pieces {
                switch piece {
                case .literal(let literal): text += literal
                case .expression(let inner): text += printer.interpolated(try evaluate(inner, &scope))
                }
            }
            return .string(text)
        case .integer(let number): return .integer(number)
        case .double(let number): return .double(number)
        case .boolean(let flag): return .boolean(flag)
        case .nilLiteral: return .none
        case .name("self"):
            // Inside a method or computed property of an enum, `self` is the case it runs on.
            guard case .value(let value, _)? = scope.local("self") else { throw failure("'self' on its own is not a value here") }
            return value
        case .name(let name), .binding(let name):
            let value: ProgramValue
            switch try resolve(name, &scope) {
            case .value(let resolved): value = resolved
            case .place(let place, _): value = try read(place, scope)
            case .type(let type): throw failure("'\(name)' is the type \(type), not a value")
            }
            // A method passed by name hands its arguments over as locals no one wrote.
            if tracer != nil, !name.hasPrefix("$argument") { traceRead(expression, value) }
            return value
        case .member(let base, let name):
            let value = try member(base, name, &scope)
            if tracer != nil, Self.readsValue(base) { traceRead(expression, value, base: base) }
            return value
        case .implicitMember(let name): return try enumCase(name, payload: [], hint: hint)
        case .optionalChain(let base): return try evaluate(base, &scope, hint: hint)
        case .call(let callee, let arguments): return try call(callee, arguments, &scope, hint: hint)
        case .subscript(let base, let arguments):
            guard let container = try chainedBase(base, &scope) else { return .none }
            guard arguments.count == 1 else { throw failure("a subscript takes one index here") }
            let index = try evaluate(arguments[0].value, &scope)
            switch (container, index) {
            case (.array(let items), .integer(let offset)):
                guard items.indices.contains(offset) else {
                    throw failure("index \(offset) is out of range (the array has \(items.count) elements)")
                }
                return items[offset]
            default: throw failure("only an array can be subscripted with an Int here")
            }
        case .prefix(let op, let operand):
            let value = try evaluate(operand, &scope, hint: hint)
            switch (op, value) {
            case ("!", .boolean(let flag)): return .boolean(!flag)
            case ("+", .integer), ("+", .double): return value
            case ("-", .integer(let number)): return .integer(-number)
            case ("-", .double(let number)): return .double(-number)
            default: throw failure("'\(op)' does not apply to \(printer.swift(value))")
            }
        case .infix(let op, let lhs, let rhs): return try infix(op, lhs, rhs, &scope, hint: hint)
        case .ternary(let condition, let then, let otherwise):
            return try truth(condition, &scope)
                ? try evaluate(then, &scope, hint: hint) : try evaluate(otherwise, &scope, hint: hint)
        case .array(let elements):
            var items: [ProgramValue] = []
            for element in elements { items.append(try evaluate(element, &scope, hint: hint)) }
            return .array(items)
        case .closure: throw failure("a closure is not a value the playground keeps")
        case .keyPath(let names): throw failure("the key path \\.\(names.joined(separator: ".")) is not a value here")
        case .unmodelled(let text): throw failure("'\(text)' is not something the playground runs")
        }
    }

    /// Whether a member of `base` is a value read (`email.isEmpty`, `Task.isCancelled`) rather
    /// than a case or a type's member (`Field.email`), or a property through `self.` (traced as
    /// its name).
    private static func readsValue(_ base: Expression) -> Bool {
        guard case .name(let root) = base else { return true }
        return root == "Task" || (root != "self" && root.first?.isUppercase != true)
    }

    /// A condition's value, which must be a `Bool`.
    mutating func truth(_ expression: Expression, _ scope: inout Scope) throws(ProgramError) -> Bool {
        guard case .boolean(let flag) = try evaluate(expression, &scope) else {
            throw failure("a condition must be true or false")
        }
        return flag
    }

    /// The base of a member, call or subscript; `nil` when it is `x?` and `x` is nil (the whole
    /// chain is then nil).
    mutating func chainedBase(_ base: Expression, _ scope: inout Scope) throws(ProgramError) -> ProgramValue? {
        let value = try evaluate(base, &scope)
        if value == .none, Self.hasOptionalChain(base) { return nil }
        return value
    }

    static func hasOptionalChain(_ expression: Expression) -> Bool {
        switch expression {
        case .optionalChain: true
        case .member(let base, _), .call(let base, _), .subscript(let base, _): hasOptionalChain(base)
        default: false
        }
    }

    /// A case of an enum (`.password`, `Field.password`, `.row(id: x)`).
    func enumCase(_ name: String, payload: [ProgramValue], hint: String?, type: String? = nil) throws(ProgramError)
        -> ProgramValue
    {
        let declaration = type.flatMap { enumDeclaration($0) } ?? enumHaving(name, hint: hint)
        guard let declaration, let item = declaration.cases.first(where: { $0.name == name }) else {
            if let type { throw failure("'\(name)' is not a case of \(type)") }
            throw failure("'.\(name)' is not a case of any enum of this program")
        }
        guard item.payloadLabels.count == payload.count else {
            throw failure(".\(name) takes \(item.payloadLabels.count) associated values, not \(payload.count)")
        }
        return .enumCase(type: declaration.name, name: name, payload: payload)
    }

    private mutating func member(_ base: Expression, _ name: String, _ scope: inout Scope) throws(ProgramError)
        -> ProgramValue
    {
        if case .name("self") = base, scope.local("self") == nil { return try evaluate(.name(name), &scope) }
        if name == "wrappedValue" { return try evaluate(base, &scope) }
        if case .name("Task") = base, name == "isCancelled", scope.local("Task") == nil { return .boolean(taskIsCancelled) }
        if case .name(let typeName) = base, scope.local(typeName) == nil,
            case .type(let type) = try resolve(typeName, &scope)
        {
            return try typeMember(type, name)
        }
        guard let value = try chainedBase(base, &scope) else { return .none }
        if let computed = computedProperty(name, of: value) { return try callMethod(computed, [], &scope, self: value) }
        return try property(name, of: value)
    }

    private func typeMember(_ type: String, _ name: String) throws(ProgramError) -> ProgramValue {
        guard let declaration = enumDeclaration(type) else { throw failure("\(type) has no member '\(name)'") }
        if name == "allCases" {
            guard declaration.caseIterable else { throw failure("\(type) is not CaseIterable, so it has no allCases") }
            return .array(
                declaration.cases.filter(\.payloadLabels.isEmpty).map { .enumCase(type: type, name: $0.name, payload: []) })
        }
        return try enumCase(name, payload: [], hint: nil, type: type)
    }

    /// A property of a value: `isEmpty`, `count`, `first`, `last`, `indices`, `rawValue`, a
    /// model's stored property.
    func property(_ name: String, of value: ProgramValue) throws(ProgramError) -> ProgramValue {
        switch (value, name) {
        case (.string(let text), "isEmpty"): return .boolean(text.isEmpty)
        case (.string(let text), "count"): return .integer(text.count)
        case (.string(let text), "first"): return text.first.map { .string(String($0)) } ?? .none
        case (.string(let text), "last"): return text.last.map { .string(String($0)) } ?? .none
        case (.array(let items), "isEmpty"): return .boolean(items.isEmpty)
        case (.array(let items), "count"): return .integer(items.count)
        case (.array(let items), "first"): return items.first ?? .none
        case (.array(let items), "last"): return items.last ?? .none
        case (.array(let items), "indices"): return .array(items.indices.map { .integer($0) })
        case (.uuid(let id), "uuidString"): return .string(id.uuidString)
        case (.task(let number), "isCancelled"): return .boolean(isCancelled(number))
        case (.enumCase(let type, let caseName, _), "rawValue"):
            guard let raw = enumDeclaration(type)?.cases.first(where: { $0.name == caseName })?.rawValue else {
                throw failure("\(type) has no Int raw values")
            }
            return .integer(raw)
        case (.model(let type, let properties), _):
            guard let property = properties.first(where: { $0.name == name }) else {
                throw failure("\(ValueText.shortTypeName(type)) has no property '\(name)'")
            }
            return property.value
        case (.none, _): throw failure("'\(name)' of a nil value: use ?. or check for nil first")
        default: throw failure("\(printer.swift(value)) has no property '\(name)'")
        }
    }
}
