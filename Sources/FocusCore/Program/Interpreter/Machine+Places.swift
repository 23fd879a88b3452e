/// What a name means where it is written.
enum Resolved {
    case value(ProgramValue)
    case place(Place, mutable: Bool)
    /// An enum or model type (`Field`, `Item`).
    case type(String)
}

extension Machine {
    /// Looks a name up: locals (innermost first), then the view's properties, then the types.
    mutating func resolve(_ name: String, _ scope: inout Scope) throws(ProgramError) -> Resolved {
        if let slot = scope.local(name) {
            switch slot {
            case .value(let value, let mutable): return mutable ? .place(Place(root: .local(name)), mutable: true) : .value(value)
            case .place(let place): return .place(place, mutable: true)
            case .closure: throw failure("'\(name)' is a closure: call it, as \(name)()")
            }
        }
        if let slot = scope.properties[name] {
            switch slot {
            case .value(let value, _): return .value(value)
            case .place(let place): return .place(place, mutable: true)
            case .closure: throw failure("'\(name)' is a closure: call it, as \(name)()")
            }
        }
        let view = declaration(of: scope.view)
        if let property = view?.properties.first(where: { $0.name == name }) {
            switch property.wrapper {
            case .state, .focusState:
                return .place(Place(root: .storage(scope.storageName(name))), mutable: true)
            case .plain:
                guard let initial = property.initial else {
                    throw failure("'\(name)' has no value: no view passes it")
                }
                var plain = Scope(view: scope.view, properties: scope.properties, locals: [[:]])
                return .value(try evaluate(initial, &plain, hint: enumName(of: property.type, near: view?.name)))
            case .binding, .focusBinding:
                throw failure("'\(name)' is a binding no view passes (use this view from another one)")
            }
        }
        if let computed = view?.computedProperties.first(where: { $0.name == name }) {
            return .value(try callMethod(computed, [], &scope))
        }
        if case .value(let me, _)? = scope.local("self"), let computed = computedProperty(name, of: me) {
            return .value(try callMethod(computed, [], &scope, self: me))
        }
        if let declaration = enumDeclaration(name, near: view?.name) { return .type(declaration.name) }
        if let declaration = modelDeclaration(name, near: view?.name) { return .type(declaration.name) }
        throw failure("'\(name)' is not a name this view has")
    }

    /// The place an expression names, for assignment, a binding or a mutating call.
    mutating func place(of expression: Expression, _ scope: inout Scope) throws(ProgramError) -> Place {
        switch expression {
        case .name(let name), .binding(let name):
            switch try resolve(name, &scope) {
            case .place(let place, _): return place
            case .value: throw failure("'\(name)' is a constant; it cannot be changed")
            case .type: throw failure("'\(name)' is a type; it cannot be changed")
            }
        case .member(.name("self"), let name): return try place(of: .name(name), &scope)
        case .member(let base, "wrappedValue"): return try place(of: base, &scope)
        case .member(let base, let name): return try place(of: base, &scope).appending(.member(name))
        case .optionalChain(let base): return try place(of: base, &scope)
        case .subscript(let base, let arguments):
            let target = try place(of: base, &scope)
            guard arguments.count == 1 else { throw failure("a subscript takes one index here") }
            guard case .integer(let index) = try evaluate(arguments[0].value, &scope) else {
                throw failure("an array index must be an Int")
            }
            return target.appending(.index(index))
        default:
            throw failure("this expression cannot be assigned to or bound")
        }
    }

    /// A readable name for a place, in messages (`items[2].title`).
    func describe(_ place: Place) -> String {
        var text: String
        switch place.root {
        case .storage(let name): text = name
        case .local(let name): text = name
        }
        for step in place.path {
            switch step {
            case .member(let name): text += "." + name
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    mutating func read(_ place: Place, _ scope: Scope) throws(ProgramError) -> ProgramValue {
        var value: ProgramValue
        switch place.root {
        case .storage(let name):
            layoutReads?.insert(name)
            guard let stored = current.values[name] else { throw failure("'\(name)' has no value yet") }
            value = stored
        case .local(let name):
            guard case .value(let local, _)? = scope.local(name) else { throw failure("'\(name)' is not a local here") }
            value = local
        }
        for step in place.path {
            value = try component(of: value, step, place)
        }
        return value
    }

    private func component(of value: ProgramValue, _ step: PathStep, _ place: Place) throws(ProgramError) -> ProgramValue {
        switch (step, value) {
        case (.member(let name), .model(let type, let properties)):
            guard let property = properties.first(where: { $0.name == name }) else {
                throw failure("\(ValueText.shortTypeName(type)) has no property '\(name)'")
            }
            return property.value
        case (.index(let index), .array(let items)):
            guard items.indices.contains(index) else {
                throw failure("index \(index) is out of range for \(describe(place)) (it has \(items.count) elements)")
            }
            return items[index]
        case (_, .none):
            throw failure("\(describe(place)) is nil here")
        default:
            throw failure("\(describe(place)) cannot be read this way")
        }
    }

    /// Writes `value` at `place`, emitting the storage's change.
    mutating func write(_ value: ProgramValue, to place: Place, _ scope: inout Scope) throws(ProgramError) {
        switch place.root {
        case .storage(let name):
            let root = try read(Place(root: place.root), scope)
            let updated = try replacing(in: root, at: place.path[...], with: value, place)
            try store(updated, as: name)
        case .local(let name):
            let root = try read(Place(root: place.root), scope)
            let updated = try replacing(in: root, at: place.path[...], with: value, place)
            for level in scope.locals.indices.reversed() where scope.locals[level][name] != nil {
                guard case .value(_, true)? = scope.locals[level][name] else {
                    throw failure("'\(name)' is a let constant; make it a var to change it")
                }
                scope.locals[level][name] = .value(updated, mutable: true)
                return
            }
        }
    }

    private func replacing(
        in root: ProgramValue, at path: ArraySlice<PathStep>, with value: ProgramValue, _ place: Place
    ) throws(ProgramError) -> ProgramValue {
        guard let step = path.first else { return value }
        switch (step, root) {
        case (.member(let name), .model(let type, var properties)):
            guard let index = properties.firstIndex(where: { $0.name == name }) else {
                throw failure("\(ValueText.shortTypeName(type)) has no property '\(name)'")
            }
            properties[index].value = try replacing(in: properties[index].value, at: path.dropFirst(), with: value, place)
            return .model(type: type, properties: properties)
        case (.index(let index), .array(var items)):
            guard items.indices.contains(index) else {
                throw failure("index \(index) is out of range for \(describe(place)) (it has \(items.count) elements)")
            }
            items[index] = try replacing(in: items[index], at: path.dropFirst(), with: value, place)
            return .array(items)
        default:
            throw failure("\(describe(place)) cannot be changed this way")
        }
    }
}
