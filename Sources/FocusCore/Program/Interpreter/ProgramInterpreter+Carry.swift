extension ProgramInterpreter {
    /// A run of this (changed) program that keeps what `old` had: on the screen of the same name,
    /// each `@State` whose name still exists and whose value is still of the same kind (a model
    /// keeps the properties that still exist, new ones take their defaults), and each focus
    /// state's value if its case still exists (then the last field bound to it has focus). The
    /// rest starts fresh; pending timers are dropped (their statements are the old source's);
    /// `onAppear` does not run again (``carryAppearing(_:ids:)`` runs it for a screen that never
    /// appeared).
    public func carry(_ old: ProgramRun, ids: inout some RandomNumberGenerator) -> ProgramRun {
        var machine = machine(for: fresh(), ids: ids)
        _ = machine.initialiseScreens()
        machine.run.nextTimer = old.nextTimer
        let currentName = old.screens.indices.contains(old.screen) ? old.screens[old.screen].name : nil
        machine.run.screen = program.screens.firstIndex { $0.name == currentName } ?? 0
        for index in machine.run.screens.indices {
            guard let previous = old.screens.first(where: { $0.name == machine.run.screens[index].name }) else { continue }
            var screen = machine.run.screens[index]
            screen.appeared = previous.appeared
            for name in screen.stateNames {
                guard let kept = previous.values[name], let new = screen.values[name] else { continue }
                if let value = machine.carried(kept, as: new) { screen.values[name] = value }
            }
            for name in screen.focusNames {
                guard let kept = previous.values[name], let new = screen.values[name] else { continue }
                if machine.caseExists(kept, like: new) { screen.values[name] = kept }
            }
            machine.run.screens[index] = screen
        }
        if !program.screens.isEmpty {
            // Focus follows the kept focus values: the last field drawn bound to each.
            machine.focusWrites = machine.current.focusNames.compactMap { name in
                machine.current.values[name].flatMap { $0 == Machine.cleared($0) ? nil : (name, nil, true) }
            }
            if (try? machine.settle()) == nil { machine.current.focused = nil }
        }
        ids = Self.generator(machine.ids, like: ids)
        return machine.run
    }
}

extension ProgramInterpreter {
    /// ``carry(_:ids:)``, then the screen showing appears if it never has in this run (a view the
    /// old source did not show): its `onAppear`, `task` and `defaultFocus` run, as SwiftUI runs
    /// them for a view that comes. A failure while appearing leaves the carried run, marked as
    /// appeared, and is returned beside it.
    public func carryAppearing(_ old: ProgramRun, ids: inout some RandomNumberGenerator) -> (
        run: ProgramRun, outcome: ProgramOutcome, failure: ProgramError?
    ) {
        let carried = carry(old, ids: &ids)
        guard carried.screens.indices.contains(carried.screen), !carried.screens[carried.screen].appeared else {
            return (carried, ProgramOutcome(), nil)
        }
        var machine = machine(for: carried, ids: ids)
        do {
            let before = machine.watchedValues()
            try machine.appear()
            try machine.fireChanges(since: before)
        } catch {
            var run = carried
            run.screens[run.screen].appeared = true
            return (run, ProgramOutcome(), error)
        }
        ids = Self.generator(machine.ids, like: ids)
        return (machine.run, machine.outcome, nil)
    }
}

extension Machine {
    /// `old` as a value of the kind `fresh` is, or `nil` when it is not of that kind any more.
    mutating func carried(_ old: ProgramValue, as fresh: ProgramValue) -> ProgramValue? {
        switch (old, fresh) {
        case (.string, .string), (.integer, .integer), (.double, .double), (.boolean, .boolean), (.uuid, .uuid):
            return old
        case (_, .none), (.none, _):
            return old  // an optional: either is a value of it
        case (.enumCase, .enumCase):
            return caseExists(old, like: fresh) ? old : nil
        case (.array(let items), .array(let freshItems)):
            guard let sample = freshItems.first else { return migrated(items) }
            var kept: [ProgramValue] = []
            for item in items {
                guard let value = carried(item, as: sample) else { return nil }
                kept.append(value)
            }
            return .array(kept)
        case (.model(let type, _), .model(let freshType, _)):
            return type == freshType ? migrated([old]).flatMap { if case .array(let one) = $0 { one.first } else { nil } } : nil
        default:
            return nil
        }
    }

    /// Models brought to their type's current properties: kept by name, new ones from defaults.
    private mutating func migrated(_ items: [ProgramValue]) -> ProgramValue? {
        var result: [ProgramValue] = []
        for item in items {
            guard case .model(let type, let properties) = item else {
                result.append(item)
                continue
            }
            guard let model = program.models.first(where: { $0.name == type }) else { return nil }
            var fields: [ModelProperty] = []
            for property in model.properties {
                if let kept = properties.first(where: { $0.name == property.name }) {
                    fields.append(kept)
                } else if let initial = property.initial {
                    var scope = Scope.screen
                    guard let value = try? evaluate(initial, &scope) else { return nil }
                    fields.append(ModelProperty(name: property.name, value: value))
                } else {
                    return nil
                }
            }
            result.append(.model(type: type, properties: fields))
        }
        return .array(result)
    }

    /// Whether a focus (or enum) value still means something: nil/false, or a case that its enum
    /// still has with as many associated values.
    func caseExists(_ value: ProgramValue, like fresh: ProgramValue) -> Bool {
        switch value {
        case .none: return fresh == .none || Self.enumType(of: fresh) != nil
        case .boolean: if case .boolean = fresh { return true } else { return false }
        case .enumCase(let type, let name, let payload):
            guard let declaration = enumDeclaration(type) else { return false }
            return declaration.cases.contains { $0.name == name && $0.payloadLabels.count == payload.count }
        default: return false
        }
    }
}
