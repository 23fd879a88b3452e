/// Something in a program that runs but probably does not do what its author meant, where it
/// was written.
public struct ProgramWarning: Equatable, Sendable, Codable {
    /// Where the mistake is written.
    public var span: SourceSpan
    /// What is wrong and what to do, in a person's words.
    public var message: String

    /// A warning at `span`.
    public init(span: SourceSpan, message: String) {
        self.span = span
        self.message = message
    }
}

/// Reads a program for the focus mistakes SwiftUI lets through without a word.
public enum ProgramCheck {
    /// The warnings of a program, in source order: a focus value bound to two fields, an enum
    /// case no field is bound to, a `.focused` value not of its state's type, focus set in
    /// `onAppear` without a delay. (What the playground does not model, the reader says where it
    /// reads it.)
    public static func warnings(of program: SwiftUIProgram) -> [ProgramWarning] {
        var found: [ProgramWarning] = []
        for screen in program.screens {
            var walk = FocusWalk(program: program)
            walk.screen(screen)
            found += walk.warnings()
        }
        found += unmadeStates(of: program)
        var unique: [ProgramWarning] = []
        for warning in found where !unique.contains(warning) { unique.append(warning) }
        return unique.sorted { ($0.span.line, $0.span.column) < ($1.span.line, $1.span.column) }
    }
}

/// One walk over a screen's declaration tree, every branch and every component inlined.
private struct FocusWalk {
    struct State {
        var display: String
        var type: TypeName?
        var enumeration: EnumDeclaration?
        var isBool: Bool { type == .named("Bool") }
    }

    struct Bound {
        var state: String
        var caseName: String?
        var hasPayload: Bool
        var span: SourceSpan
    }

    let program: SwiftUIProgram
    var states: [String: State] = [:]
    var fields: [(span: SourceSpan, bindings: [Bound], inRows: Bool)] = []
    var found: [ProgramWarning] = []
    /// While a component's body is walked: its plain parameters that were passed a case, by name
    /// (`field: .name`), so `.focused(focus, equals: field)` reads as the case it is.
    var constants: [String: Expression] = [:]
    /// Focus states bound somewhere to a value known only when it runs (`equals: item.id`): any
    /// of their cases may be bound, so none is reported unbound.
    var boundAtRunTime: Set<String> = []

    init(program: SwiftUIProgram) {
        self.program = program
    }

    mutating func screen(_ view: ViewDeclaration) {
        walk(view.body, view: view, aliases: ownStates(of: view, prefix: ""), bound: [], inRows: false, depth: 0)
    }

    /// The view's own focus states, by property name → key.
    private mutating func ownStates(of view: ViewDeclaration, prefix: String) -> [String: String] {
        var aliases: [String: String] = [:]
        for property in view.properties where property.wrapper == .focusState {
            let key = prefix + property.name
            aliases[property.name] = key
            states[key] = State(
                display: property.name, type: property.type, enumeration: enumeration(property.type, near: view.name))
        }
        return aliases
    }

    private func enumeration(_ type: TypeName?, near view: String) -> EnumDeclaration? {
        switch type {
        case .optional(let inner)?: return enumeration(inner, near: view)
        case .named(let name)?:
            return program.enums.first { $0.name == name } ?? program.enums.first { $0.name == view + "." + name }
                ?? program.enums.first { $0.name.hasSuffix("." + name) }
        default: return nil
        }
    }

    private mutating func walk(
        _ nodes: [ViewNode], view: ViewDeclaration, aliases: [String: String], bound: [Bound], inRows: Bool, depth: Int
    ) {
        for node in nodes {
            var bound = bound
            for modifier in node.modifiers {
                switch modifier.kind {
                case .focused(let binding, let equals):
                    if let item = focused(binding, equals, modifier.span, aliases) { bound.append(item) }
                case .onAppear(let statements): appearing(statements, aliases)
                case .toolbar(let groups):
                    for group in groups {
                        walk(group.content, view: view, aliases: aliases, bound: [], inRows: inRows, depth: depth)
                    }
                default: break
                }
            }
            switch node.kind {
            case .textInput: fields.append((node.span, bound, inRows))
            case .forEach(let rows):
                walk(rows.content, view: view, aliases: aliases, bound: bound, inRows: true, depth: depth)
                continue
            case .component(let name, let arguments):
                guard depth < ControlNumbering.componentDepth,
                    let component = program.components.first(where: { $0.name == name })
                else { continue }
                var inner = ownStates(of: component, prefix: name + ".")
                for property in component.properties where property.wrapper == .focusBinding {
                    if case .binding(let passed)? = arguments.first(where: { $0.label == property.name })?.value,
                        let key = aliases[passed]
                    {
                        inner[property.name] = key
                    }
                }
                let outer = constants
                constants = [:]
                for property in component.properties where property.wrapper == .plain {
                    guard let passed = arguments.first(where: { $0.label == property.name })?.value else { continue }
                    let value = resolved(passed, in: outer)
                    if caseName(value).0 != nil { constants[property.name] = value }
                }
                walk(component.body, view: component, aliases: inner, bound: bound, inRows: inRows, depth: depth + 1)
                constants = outer
                continue
            default: break
            }
            walk(
                ControlNumbering.children(of: node.kind), view: view, aliases: aliases, bound: bound, inRows: inRows, depth: depth
            )
        }
    }

    private mutating func focused(_ binding: Expression, _ equals: Expression?, _ span: SourceSpan, _ aliases: [String: String])
        -> Bound?
    {
        guard case .name(let name) = binding, let key = aliases[name], let state = states[key] else {
            note(span, "`.focused` binds to a @FocusState (or a FocusState.Binding) of this view")
            return nil
        }
        if state.isBool {
            if equals != nil {
                note(span, "`\(name)` is a Bool focus state: bind it with `.focused($\(name))`, without `equals:`")
            }
            return Bound(state: key, caseName: nil, hasPayload: false, span: span)
        }
        guard let equals else {
            note(span, "`\(name)` is not a Bool: `.focused($\(name), equals: …)` says which value focuses this field")
            return nil
        }
        let (caseName, hasPayload) = caseName(resolved(equals, in: constants))
        guard let caseName else {
            // A value known only when it runs (a row's id, a parameter): the interpreter checks it then.
            boundAtRunTime.insert(key)
            return Bound(state: key, caseName: nil, hasPayload: true, span: span)
        }
        guard let enumeration = state.enumeration else {
            note(span, "the value bound here is not a case of the type of `\(name)`")
            return nil
        }
        guard enumeration.cases.contains(where: { $0.name == caseName }) else {
            note(span, "`.\(caseName)` is not a case of \(enumeration.name), the type of `\(name)`")
            return nil
        }
        return Bound(state: key, caseName: caseName, hasPayload: hasPayload, span: span)
    }

    /// `expression`, or the case a component's parameter of that name was passed.
    private func resolved(_ expression: Expression, in constants: [String: Expression]) -> Expression {
        if case .name(let name) = expression, let value = constants[name] { return value }
        return expression
    }

    /// The case an expression names (`.name`, `Field.name`, `.row(id:)`) and whether it has a
    /// payload; `nil` for anything else (`item.id` is a value, not a case).
    func caseName(_ expression: Expression) -> (String?, Bool) {
        switch expression {
        case .implicitMember(let name): (name, false)
        case .call(.implicitMember(let name), _): (name, true)
        case .member(.name(let base), let name) where isEnum(base): (name, false)
        case .call(.member(.name(let base), let name), _) where isEnum(base): (name, true)
        default: (nil, false)
        }
    }

    private func isEnum(_ name: String) -> Bool {
        program.enums.contains { $0.name == name || $0.name.hasSuffix("." + name) }
    }

    /// Focus assigned straight in `onAppear` (not in a delay or a Task).
    private mutating func appearing(_ statements: [Statement], _ aliases: [String: String]) {
        for statement in statements {
            switch statement.kind {
            case .assign(.name(let name), _, _), .assign(.member(.name(let name), "wrappedValue"), _, _):
                if let key = aliases[name], let state = states[key] {
                    note(
                        statement.span,
                        "focus set in onAppear may be dropped: SwiftUI can apply it before the view is on screen; "
                            + "use `.defaultFocus($\(state.display), …)` or set it after a short delay")
                }
            case .ifThen(_, let then, let otherwise): appearing(then + otherwise, aliases)
            case .transaction(_, let body): appearing(body, aliases)
            case .switchOn(_, let cases): appearing(cases.flatMap(\.body), aliases)
            default: break
            }
        }
    }

    private mutating func note(_ span: SourceSpan, _ message: String) {
        found.append(ProgramWarning(span: span, message: message))
    }

    func warnings() -> [ProgramWarning] {
        var result = found
        var byValue: [String: [Bound]] = [:]
        for field in fields where !field.inRows {
            for item in field.bindings where !item.hasPayload {
                byValue[item.state + "." + (item.caseName ?? "true"), default: []].append(item)
            }
        }
        for (_, items) in byValue where items.count > 1 {
            let state = states[items[0].state]?.display ?? items[0].state
            let value = items[0].caseName.map { "." + $0 } ?? "true"
            let lines = items.map { String($0.span.line) }.joined(separator: ", ")
            let count = items.count == 2 ? "Two" : "\(items.count)"
            for item in items {
                result.append(
                    ProgramWarning(
                        span: item.span,
                        message: "\(count) fields are bound to `\(value)` of `\(state)` (lines \(lines)): setting it focuses "
                            + "only the last one drawn"))
            }
        }
        for (key, state) in states where !boundAtRunTime.contains(key) {
            guard let enumeration = state.enumeration else { continue }
            let used = Set(fields.flatMap { $0.bindings.filter { $0.state == key }.compactMap(\.caseName) })
            for item in enumeration.cases where !used.contains(item.name) {
                result.append(
                    ProgramWarning(
                        span: item.span,
                        message: "no field is bound to `.\(item.name)` of `\(state.display)`: setting it leaves no field "
                            + "focused (SwiftUI makes it nil)"))
            }
        }
        return result
    }
}
