extension Machine {
    /// A method of a value: strings (`contains`, `hasPrefix`, `trimmingCharacters(in:)`, …),
    /// arrays (`first(where:)`, `firstIndex(of:)`, `append`, `insert(_:at:)`, `remove(at:)`,
    /// `removeAll(where:)`, …) and `Bool.toggle()`. Mutating ones change the place they are
    /// called on.
    mutating func valueCall(_ base: Expression, _ name: String, _ arguments: [Argument], _ scope: inout Scope)
        throws(ProgramError) -> ProgramValue
    {
        let labels = arguments.map(\.label)
        if Self.mutating.contains(name) {
            let target = try place(of: base, &scope)
            var value = try read(target, scope)
            let result = try mutate(&value, name, labels, arguments, &scope)
            try write(value, to: target, &scope)
            return result
        }
        guard let value = try chainedBase(base, &scope) else { return .none }
        if let result = try memberCall(value, name, arguments, &scope) { return result }
        switch (value, name, labels) {
        case (.task(let number), "cancel", []):
            cancel(task: number)
            return .none
        case (.string(let text), "lowercased", []): return .string(text.lowercased())
        case (.string(let text), "uppercased", []): return .string(text.uppercased())
        case (.string(let text), "hasPrefix", [nil]): return .boolean(text.hasPrefix(try string(arguments[0], &scope)))
        case (.string(let text), "hasSuffix", [nil]): return .boolean(text.hasSuffix(try string(arguments[0], &scope)))
        case (.string(let text), "contains", [nil]):
            return .boolean(Self.contains(Array(text), Array(try string(arguments[0], &scope))))
        case (.string(let text), "trimmingCharacters", ["in"]):
            let newlines: Bool
            switch arguments[0].value {
            case .implicitMember("whitespaces"), .member(_, "whitespaces"): newlines = false
            case .implicitMember("whitespacesAndNewlines"), .member(_, "whitespacesAndNewlines"): newlines = true
            default: throw failure("trimmingCharacters(in:) takes .whitespaces or .whitespacesAndNewlines here")
            }
            let trim = { (character: Character) in character.isWhitespace && (newlines || !character.isNewline) }
            let cut = text.drop(while: trim)
            return .string(String(cut.reversed().drop(while: trim).reversed()))
        case (.array(let items), "contains", [nil]):
            let item = try evaluate(arguments[0].value, &scope, hint: items.first.flatMap(Self.enumType(of:)))
            return .boolean(items.contains { Self.same($0, item) })
        case (.array(let items), "firstIndex", ["of"]):
            let item = try evaluate(arguments[0].value, &scope, hint: items.first.flatMap(Self.enumType(of:)))
            return items.firstIndex { Self.same($0, item) }.map { .integer($0) } ?? .none
        case (.array(let items), "contains", ["where"]), (.array(let items), "first", ["where"]),
            (.array(let items), "firstIndex", ["where"]), (.array(let items), "last", ["where"]),
            (.array(let items), "lastIndex", ["where"]), (.array(let items), "filter", [nil]),
            (.array(let items), "allSatisfy", [nil]):
            return try search(items, name, arguments[0].value, &scope)
        case (.array(let items), "map", [nil]):
            var mapped: [ProgramValue] = []
            for item in items { mapped.append(try invoke(arguments[0].value, [item], &scope)) }
            return .array(mapped)
        case (.array(let items), "reversed", []): return .array(items.reversed())
        case (.array(let items), "enumerated", []):
            return .array(items.indices.map { .array([.integer($0), items[$0]]) })
        default:
            let shown = labels.map { ($0 ?? "_") + ":" }.joined()
            throw failure("\(printer.swift(value, short: true)) has no method \(name)(\(shown))")
        }
    }

    private static let mutating: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeLast", "removeFirst", "toggle", "swapAt",
    ]

    private mutating func mutate(
        _ value: inout ProgramValue, _ name: String, _ labels: [String?], _ arguments: [Argument], _ scope: inout Scope
    ) throws(ProgramError) -> ProgramValue {
        switch (value, name, labels) {
        case (.boolean(let flag), "toggle", []):
            value = .boolean(!flag)
            return .none
        case (.array(var items), "append", [nil]):
            items.append(try evaluate(arguments[0].value, &scope, hint: items.first.flatMap(Self.enumType(of:))))
            value = .array(items)
            return .none
        case (.array(var items), "append", ["contentsOf"]):
            guard case .array(let more) = try evaluate(arguments[0].value, &scope) else {
                throw failure("append(contentsOf:) takes an array")
            }
            items += more
            value = .array(items)
            return .none
        case (.array(var items), "insert", [nil, "at"]):
            let item = try evaluate(arguments[0].value, &scope, hint: items.first.flatMap(Self.enumType(of:)))
            let index = try integer(arguments[1], &scope)
            guard (0...items.count).contains(index) else {
                throw failure("insert(_:at: \(index)) is out of range (the array has \(items.count) elements)")
            }
            items.insert(item, at: index)
            value = .array(items)
            return .none
        case (.array(var items), "remove", ["at"]):
            let index = try integer(arguments[0], &scope)
            guard items.indices.contains(index) else {
                throw failure("remove(at: \(index)) is out of range (the array has \(items.count) elements)")
            }
            let removed = items.remove(at: index)
            value = .array(items)
            return removed
        case (.array(var items), "removeLast", []), (.array(var items), "removeFirst", []):
            guard !items.isEmpty else { throw failure("\(name)() on an empty array") }
            let removed = name == "removeLast" ? items.removeLast() : items.removeFirst()
            value = .array(items)
            return removed
        case (.array, "removeAll", []):
            value = .array([])
            return .none
        case (.array(let items), "removeAll", ["where"]):
            var kept: [ProgramValue] = []
            for item in items {
                guard case .boolean(let drop) = try invoke(arguments[0].value, [item], &scope) else {
                    throw failure("removeAll(where:) needs a closure that returns true or false")
                }
                if !drop { kept.append(item) }
            }
            value = .array(kept)
            return .none
        case (.array(var items), "swapAt", [nil, nil]):
            let first = try integer(arguments[0], &scope)
            let second = try integer(arguments[1], &scope)
            guard items.indices.contains(first), items.indices.contains(second) else {
                throw failure("swapAt(\(first), \(second)) is out of range (the array has \(items.count) elements)")
            }
            items.swapAt(first, second)
            value = .array(items)
            return .none
        default:
            let shown = labels.map { ($0 ?? "_") + ":" }.joined()
            throw failure("\(printer.swift(value, short: true)) has no method \(name)(\(shown))")
        }
    }

    private mutating func search(_ items: [ProgramValue], _ name: String, _ closure: Expression, _ scope: inout Scope)
        throws(ProgramError) -> ProgramValue
    {
        var matches: [Int] = []
        for (index, item) in items.enumerated() {
            guard case .boolean(let hit) = try invoke(closure, [item], &scope) else {
                throw failure("\(name) needs a closure that returns true or false")
            }
            if hit { matches.append(index) }
            if hit, name == "contains" || name == "first" || name == "firstIndex" { break }
            if !hit, name == "allSatisfy" { return .boolean(false) }
        }
        switch name {
        case "contains": return .boolean(!matches.isEmpty)
        case "allSatisfy": return .boolean(true)
        case "first", "last": return (name == "first" ? matches.first : matches.last).map { items[$0] } ?? .none
        case "firstIndex", "lastIndex": return (name == "firstIndex" ? matches.first : matches.last).map { .integer($0) } ?? .none
        default: return .array(matches.map { items[$0] })
        }
    }

    private mutating func string(_ argument: Argument, _ scope: inout Scope) throws(ProgramError) -> String {
        guard case .string(let text) = try evaluate(argument.value, &scope) else { throw failure("a string is expected here") }
        return text
    }

    private mutating func integer(_ argument: Argument, _ scope: inout Scope) throws(ProgramError) -> Int {
        guard case .integer(let number) = try evaluate(argument.value, &scope) else { throw failure("an Int is expected here") }
        return number
    }

    /// Whether `needle` occurs in `haystack` (an empty needle does, as in Swift).
    static func contains(_ haystack: [Character], _ needle: [Character]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
