extension Machine {
    /// The computed property `name` of an enum case's enum (`var rowID: UUID { switch self … }`).
    func computedProperty(_ name: String, of value: ProgramValue) -> MethodDeclaration? {
        guard case .enumCase(let type, _, _) = value else { return nil }
        return enumDeclaration(type)?.computedProperties.first { $0.name == name }
    }

    /// A call on a value that is not one of the built-in methods of strings and arrays: a method
    /// of an enum case's enum, run with `self` the case; `map`/`flatMap` of an optional (nil
    /// stays nil, a value goes through the closure); `flatMap`/`compactMap` of an array. `nil`
    /// when `name` is none of them here.
    mutating func memberCall(_ value: ProgramValue, _ name: String, _ arguments: [Argument], _ scope: inout Scope)
        throws(ProgramError) -> ProgramValue?
    {
        if case .enumCase(let type, _, _) = value,
            let method = enumDeclaration(type)?.methods.first(where: {
                $0.name == name && $0.parameters.count == arguments.count
            })
        {
            return try callMethod(method, arguments, &scope, self: value)
        }
        guard arguments.count == 1, arguments[0].label == nil else { return nil }
        switch (value, name) {
        case (.array(let items), "flatMap"), (.array(let items), "compactMap"):
            var result: [ProgramValue] = []
            for item in items {
                let mapped = try invoke(arguments[0].value, [item], &scope)
                if name == "compactMap" {
                    if mapped != .none { result.append(mapped) }
                } else if case .array(let inner) = mapped {
                    result += inner
                } else {
                    throw failure("flatMap on an array needs a closure that returns an array; use compactMap for optionals")
                }
            }
            return .array(result)
        case (.array, _): return nil
        case (.none, "map"), (.none, "flatMap"): return ProgramValue.none
        case (_, "map"), (_, "flatMap"): return try invoke(arguments[0].value, [value], &scope)
        default: return nil
        }
    }

    /// A method passed by name where a closure goes (`focus.flatMap(next(after:))`), called with
    /// `values` by position.
    mutating func callReference(_ name: String, _ values: [ProgramValue], _ scope: inout Scope) throws(ProgramError)
        -> ProgramValue
    {
        let view = declaration(of: scope.view)
        guard let method = view?.methods.first(where: { $0.name == name && $0.parameters.count == values.count }) else {
            throw failure("'\(name)' is not a method of this view that takes \(values.count) argument(s)")
        }
        var frame = scope.pushed()
        var arguments: [Argument] = []
        for (offset, (parameter, value)) in zip(method.parameters, values).enumerated() {
            let local = "$argument\(offset)"
            frame = frame.with(local, .value(value, mutable: false))
            arguments.append(Argument(label: parameter.label, value: .name(local)))
        }
        return try callMethod(method, arguments, &frame)
    }
}
