extension Machine {
    /// A call: a method of the view, a model's memberwise init, an enum case with associated
    /// values, `Field(rawValue:)`, `UUID()`, `Int(_:)`, `min`/`max`, or a method of a value.
    mutating func call(_ callee: Expression, _ arguments: [Argument], _ scope: inout Scope, hint: String?)
        throws(ProgramError) -> ProgramValue
    {
        switch callee {
        case .implicitMember(let name):
            return try enumCase(name, payload: try values(of: arguments, &scope), hint: hint)
        case .name(let name), .member(.name("self"), let name):
            return try namedCall(name, arguments, &scope, viaSelf: callee != .name(name))
        case .member(.name(let typeName), let name) where scope.local(typeName) == nil:
            if case .type(let type)? = try? resolve(typeName, &scope) {
                return try enumCase(name, payload: try values(of: arguments, &scope), hint: nil, type: type)
            }
            return try valueCall(.name(typeName), name, arguments, &scope)
        case .member(let base, let name):
            return try valueCall(base, name, arguments, &scope)
        default:
            throw failure("this call is not something the playground runs")
        }
    }

    mutating func values(of arguments: [Argument], _ scope: inout Scope, hint: String? = nil) throws(ProgramError)
        -> [ProgramValue]
    {
        var values: [ProgramValue] = []
        for argument in arguments { values.append(try evaluate(argument.value, &scope, hint: hint)) }
        return values
    }

    private mutating func namedCall(_ name: String, _ arguments: [Argument], _ scope: inout Scope, viaSelf: Bool)
        throws(ProgramError) -> ProgramValue
    {
        let view = declaration(of: scope.view)
        if let method = view?.methods.first(where: { $0.name == name && $0.parameters.count == arguments.count }) {
            return try callMethod(method, arguments, &scope)
        }
        if case .closure(let parameters, let body, let captured)? = scope.local(name) ?? scope.properties[name] {
            return try callClosure(name, parameters, body, captured, try values(of: arguments, &scope))
        }
        if viaSelf { throw failure("this view has no method '\(name)'") }
        switch name {
        case "UUID":
            return .uuid(freshID())
        case "Task":
            guard arguments.count == 1, case .closure(_, let body) = arguments[0].value else { break }
            return try startTask(body, scope, kept: true)
        case "Int":
            guard arguments.count == 1 else { break }
            switch try evaluate(arguments[0].value, &scope) {
            case .string(let text): return Int(text).map { .integer($0) } ?? .none
            case .integer(let number): return .integer(number)
            case .double(let number) where number.isFinite && abs(number) < 9e18: return .integer(Int(number))
            default: throw failure("Int(_:) takes a string or a number here")
            }
        case "Double":
            guard arguments.count == 1 else { break }
            switch try evaluate(arguments[0].value, &scope) {
            case .string(let text): return Double(text).map { .double($0) } ?? .none
            case .integer(let number): return .double(Double(number))
            case .double(let number): return .double(number)
            default: throw failure("Double(_:) takes a string or a number here")
            }
        case "String":
            guard arguments.count == 1 else { break }
            return .string(printer.interpolated(try evaluate(arguments[0].value, &scope)))
        case "min", "max":
            let items = try values(of: arguments, &scope)
            guard var best = items.first else { break }
            for item in items.dropFirst() {
                guard case .boolean(let less) = try arithmeticCompare(item, best) else { break }
                if less == (name == "min") && !Self.same(item, best) { best = item }
            }
            return best
        case "print", "debugPrint":
            _ = try values(of: arguments, &scope)
            return .none
        default:
            break
        }
        if let enumeration = enumDeclaration(name, near: view?.name) {
            guard arguments.count == 1, arguments[0].label == "rawValue" else {
                throw failure("\(enumeration.name) is made with \(enumeration.name)(rawValue:) or one of its cases")
            }
            guard enumeration.intRawValues else { throw failure("\(enumeration.name) has no Int raw values") }
            let raw = try evaluate(arguments[0].value, &scope)
            let match = enumeration.cases.first { raw == .integer($0.rawValue ?? Int.min) }
            return match.map { .enumCase(type: enumeration.name, name: $0.name, payload: []) } ?? .none
        }
        if let model = modelDeclaration(name, near: view?.name) {
            return try construct(model, arguments, &scope)
        }
        throw failure("'\(name)' is not a method of this view or a type of this program")
    }

    private func arithmeticCompare(_ lhs: ProgramValue, _ rhs: ProgramValue) throws(ProgramError) -> ProgramValue {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return .boolean(a < b)
        case (.string(let a), .string(let b)): return .boolean(a < b)
        case (.double, _), (_, .double): return .boolean(Self.number(lhs) < Self.number(rhs))
        default: throw failure("min and max compare numbers or strings")
        }
    }

    /// A model's memberwise init: labelled arguments override the declared defaults, and a
    /// default like `let id = UUID()` draws a fresh id.
    mutating func construct(_ model: ModelDeclaration, _ arguments: [Argument], _ scope: inout Scope)
        throws(ProgramError) -> ProgramValue
    {
        for argument in arguments where !model.properties.contains(where: { $0.name == argument.label }) {
            throw failure("\(ValueText.shortTypeName(model.name)) has no property '\(argument.label ?? "_")'")
        }
        var properties: [ModelProperty] = []
        for property in model.properties {
            let hint = enumName(of: property.type)
            if let argument = arguments.first(where: { $0.label == property.name }) {
                properties.append(ModelProperty(name: property.name, value: try evaluate(argument.value, &scope, hint: hint)))
            } else if let initial = property.initial {
                var plain = Scope(view: scope.view, properties: scope.properties, locals: [[:]])
                properties.append(ModelProperty(name: property.name, value: try evaluate(initial, &plain, hint: hint)))
            } else if case .optional? = property.type {
                properties.append(ModelProperty(name: property.name, value: .none))
            } else {
                throw failure("\(ValueText.shortTypeName(model.name))(…) needs '\(property.name):'")
            }
        }
        return .model(type: model.name, properties: properties)
    }

    /// Calls a method of the view, its parameters bound by position (labels as declared); a
    /// method or computed property of an enum runs with `self` the case it is called on.
    mutating func callMethod(
        _ method: MethodDeclaration, _ arguments: [Argument], _ scope: inout Scope, self value: ProgramValue? = nil
    ) throws(ProgramError) -> ProgramValue {
        let callLine = line
        if depth >= limits.callDepth { throw .callTooDeep(line: callLine ?? 0) }
        var frame: [String: Slot] = [:]
        let view = declaration(of: scope.view)?.name
        for (parameter, argument) in zip(method.parameters, arguments) {
            if argument.label != parameter.label {
                let expected = parameter.label.map { "'\($0):'" } ?? "no label"
                throw failure("\(method.name)(…) takes \(expected) for '\(parameter.name)'")
            }
            let hint = enumName(of: parameter.type, near: view)
            frame[parameter.name] = .value(try evaluate(argument.value, &scope, hint: hint), mutable: false)
        }
        if let value { frame["self"] = .value(value, mutable: false) }
        var inner = Scope(view: scope.view, properties: scope.properties, locals: [frame])
        let outerHint = returnHint
        returnHint = enumName(of: method.returnType, near: view)
        depth += 1
        defer {
            depth -= 1
            line = callLine
            returnHint = outerHint
        }
        // A one-expression body returns its value, as Swift's implicit return does.
        if method.returnType != nil, method.body.count == 1, case .expression(let value) = method.body[0].kind {
            line = method.body[0].span.line
            try step()
            traceBegin(method.body[0].span)
            let result = try evaluate(value, &inner, hint: enumName(of: method.returnType, near: view))
            traceEnd()
            return result
        }
        switch try execute(method.body, &inner) {
        case .normal: return .none
        case .returned(let value): return value ?? .none
        case .suspended: throw failure("a Task.sleep inside a method is not modelled; put it in the Task itself")
        }
    }

    /// Calls a closure a view was given (`onDelete()`): its body runs in the scope it was
    /// written in, in the view that passed it.
    mutating func callClosure(
        _ name: String, _ parameters: [String], _ body: [Statement], _ captured: Scope, _ values: [ProgramValue]
    ) throws(ProgramError) -> ProgramValue {
        let callLine = line
        if depth >= limits.callDepth { throw .callTooDeep(line: callLine ?? 0) }
        var inner = captured.pushed()
        for (offset, value) in values.enumerated() {
            inner = inner.with(offset < parameters.count ? parameters[offset] : "$\(offset)", .value(value, mutable: false))
        }
        depth += 1
        defer {
            depth -= 1
            line = callLine
        }
        switch try execute(body, &inner) {
        case .normal: return .none
        case .returned(let value): return value ?? .none
        case .suspended: throw failure("a Task.sleep inside the closure '\(name)' is not modelled; put it in a Task")
        }
    }

    /// Runs a closure argument (`{ $0.id == id }`) with these arguments.
    mutating func invoke(_ closure: Expression, _ arguments: [ProgramValue], _ scope: inout Scope) throws(ProgramError)
        -> ProgramValue
    {
        if case .name(let name) = closure, scope.local(name) == nil {
            return try callReference(name, arguments, &scope)
        }
        guard case .closure(let parameters, let body) = closure else { throw failure("a closure is expected here") }
        let outerHint = returnHint
        returnHint = nil
        defer { returnHint = outerHint }
        var inner = scope.pushed()
        for (offset, value) in arguments.enumerated() {
            let name = offset < parameters.count ? parameters[offset] : "$\(offset)"
            inner = inner.with(name, .value(value, mutable: false))
        }
        if body.count == 1, case .expression(let value) = body[0].kind {
            try step()
            return try evaluate(value, &inner)
        }
        switch try execute(body, &inner) {
        case .normal: return .none
        case .returned(let value): return value ?? .none
        case .suspended: throw failure("a Task.sleep inside this closure is not modelled")
        }
    }
}
