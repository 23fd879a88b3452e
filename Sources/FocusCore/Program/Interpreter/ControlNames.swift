/// What a control of a screen is called on the wire. A field or a toggle is called after the
/// value it edits (`TextField("First Name", text: $firstName)` is `firstName`, a row's
/// `TextField("Email", text: $recipient.email)` is `email` with the row's id), so its key stays
/// the same while the source around it is edited and reads as the source does. A control whose
/// value has no plain name, or shares it with another control of the screen (in any branch, or
/// a component used twice), and every button, is called by its number (`c7`, see
/// ``ControlNumbering``).
struct ControlNames: Sendable {
    /// For each screen, the names of the controls that have one, by control number.
    private let screens: [[Int: String]]

    /// Names no control takes: the session's source text is a field of its own.
    static let reserved: Set<String> = ["source"]

    init(program: SwiftUIProgram) {
        let walk = Walk(program: program, numbering: ControlNumbering(program: program))
        screens = program.screens.map { screen in
            var candidates: [Int: String] = [:]
            walk.visit(screen.body, base: 0, depth: 0, aliases: [:], into: &candidates)
            var uses: [String: Int] = [:]
            for name in candidates.values { uses[name, default: 0] += 1 }
            return candidates.filter { uses[$0.value] == 1 && Self.isUsable($0.value) }
        }
    }

    /// The name of control `number` on screen `screen`, without a row's suffix.
    func name(screen: Int, number: Int) -> String {
        (screens.indices.contains(screen) ? screens[screen][number] : nil) ?? "c\(number)"
    }

    /// A name that cannot be mistaken for a number, a row index suffix (`_2`) or a reserved key.
    private static func isUsable(_ name: String) -> Bool {
        guard !name.isEmpty, !name.contains("_"), !reserved.contains(name) else { return false }
        return !(name.first == "c" && name.dropFirst().allSatisfy(\.isNumber))
    }

    /// The declaration tree in control-number order (as `ControlNumbering` counts it and the
    /// layout draws it), noting each field's and toggle's candidate name.
    private struct Walk {
        let program: SwiftUIProgram
        let numbering: ControlNumbering

        func visit(_ nodes: [ViewNode], base: Int, depth: Int, aliases: [String: String], into names: inout [Int: String]) {
            var number = base
            for node in nodes {
                visit(node, number: number, depth: depth, aliases: aliases, into: &names)
                number += numbering.count(node, depth: depth)
            }
        }

        private func visit(_ node: ViewNode, number: Int, depth: Int, aliases: [String: String], into names: inout [Int: String])
        {
            switch node.kind {
            case .textInput(let input): names[number] = Self.candidate(input.text, aliases)
            case .toggle(_, let isOn): names[number] = Self.candidate(isOn, aliases)
            default: break
            }
            let childBase = number + (ControlNumbering.isControl(node.kind) ? 1 : 0)
            visit(ControlNumbering.children(of: node.kind), base: childBase, depth: depth, aliases: aliases, into: &names)
            if case .component(let name, let arguments) = node.kind, depth < ControlNumbering.componentDepth,
                let component = program.components.first(where: { $0.name == name })
            {
                var inner: [String: String] = [:]
                for property in component.properties where property.wrapper == .binding {
                    if let argument = arguments.first(where: { $0.label == property.name }),
                        let outer = Self.candidate(argument.value, aliases)
                    {
                        inner[property.name] = outer
                    }
                }
                visit(component.body, base: childBase, depth: depth + 1, aliases: inner, into: &names)
            }
            var groupBase = number + numbering.count(node, depth: depth)
            let groups = node.modifiers.flatMap { modifier -> [ToolbarItemGroup] in
                if case .toolbar(let groups) = modifier.kind { return groups }
                return []
            }
            for group in groups { groupBase -= numbering.count(group.content, depth: depth) }
            for group in groups {
                visit(group.content, base: groupBase, depth: depth, aliases: aliases, into: &names)
                groupBase += numbering.count(group.content, depth: depth)
            }
        }

        /// The plain name of the value a binding expression edits: `$firstName`, the member of
        /// `$recipient.email` or `$items[i].title`, the array of `$names[i]`; inside a component,
        /// its `@Binding` parameter stands for what the caller passed.
        private static func candidate(_ expression: Expression, _ aliases: [String: String]) -> String? {
            switch expression {
            case .binding(let name), .name(let name): aliases[name] ?? name
            case .member(_, let member): member
            case .subscript(let base, _): candidate(base, aliases)
            default: nil
            }
        }
    }
}
