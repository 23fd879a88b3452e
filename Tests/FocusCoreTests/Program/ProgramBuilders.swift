import FocusCore
import TestSupport
import Testing

// Short builders for programs written by hand, as the reader would produce them. Every node and
// statement takes the line it stands for, so events and errors can be checked against it.

func span(_ line: Int) -> SourceSpan { SourceSpan(line: line, column: 1) }

/// `a.b.c` as a member chain; `$x` as a binding.
func ref(_ path: String) -> Expression {
    let parts = path.split(separator: ".").map(String.init)
    let binding = parts[0].hasPrefix("$") && !(parts[0].dropFirst().first?.isNumber ?? false)  // `$0` is a name
    var expression: Expression = binding ? .binding(String(parts[0].dropFirst())) : .name(parts[0])
    for part in parts.dropFirst() { expression = .member(expression, part) }
    return expression
}

func dot(_ name: String) -> Expression { .implicitMember(name) }
func str(_ text: String) -> Expression { .string(text) }
func calling(_ callee: Expression, _ arguments: (String?, Expression)...) -> Expression {
    .call(callee, arguments.map { Argument(label: $0.0, value: $0.1) })
}
func op(_ symbol: String, _ lhs: Expression, _ rhs: Expression) -> Expression { .infix(symbol, lhs, rhs) }
func not(_ operand: Expression) -> Expression { .prefix("!", operand) }

func run(_ line: Int, _ kind: StatementKind) -> Statement { Statement(kind, span: span(line)) }
func set(_ line: Int, _ target: String, _ value: Expression, _ symbol: String = "=") -> Statement {
    run(line, .assign(target: ref(target), operator: symbol, value: value))
}
func perform(_ line: Int, _ expression: Expression) -> Statement { run(line, .expression(expression)) }
func when(_ line: Int, _ condition: Expression, _ then: [Statement], otherwise: [Statement] = []) -> Statement {
    run(line, .ifThen(conditions: [.expression(condition)], then: then, otherwise: otherwise))
}

func state(_ line: Int, _ name: String, _ type: TypeName?, _ initial: Expression?) -> ViewProperty {
    ViewProperty(name: name, wrapper: .state, type: type, initial: initial, span: span(line))
}
func focusState(_ line: Int, _ name: String, _ type: TypeName) -> ViewProperty {
    ViewProperty(name: name, wrapper: .focusState, type: type, initial: nil, span: span(line))
}
let stringType = TypeName.named("String")
let boolType = TypeName.named("Bool")
func optional(_ name: String) -> TypeName { .optional(.named(name)) }

func modifier(_ line: Int, _ kind: ViewModifierKind) -> ViewModifier { ViewModifier(kind, span: span(line)) }
func focused(_ line: Int, _ binding: String, _ value: Expression? = nil) -> ViewModifier {
    modifier(line, .focused(binding: ref(binding), equals: value))
}
func onSubmit(_ line: Int, _ action: [Statement]) -> ViewModifier { modifier(line, .onSubmit(triggers: "text", action: action)) }

func field(
    _ line: Int, _ title: String, _ text: String, style: TextInputView.Style = .field, _ modifiers: [ViewModifier] = []
) -> ViewNode {
    ViewNode(
        .textInput(TextInputView(style: style, title: .string(title), text: ref(text))), modifiers: modifiers, span: span(line))
}
func button(_ line: Int, _ title: String, _ action: [Statement], _ modifiers: [ViewModifier] = []) -> ViewNode {
    ViewNode(.button(ButtonView(title: .string(title), action: action)), modifiers: modifiers, span: span(line))
}
func form(_ line: Int, _ content: [ViewNode], _ modifiers: [ViewModifier] = []) -> ViewNode {
    ViewNode(.container(.form, title: nil, content: content), modifiers: modifiers, span: span(line))
}
func text(_ line: Int, _ expression: Expression) -> ViewNode { ViewNode(.text(expression, markdown: false), span: span(line)) }
func ifView(_ line: Int, _ condition: Expression, _ then: [ViewNode], otherwise: [ViewNode] = []) -> ViewNode {
    ViewNode(.conditional(conditions: [.expression(condition)], then: then, otherwise: otherwise), span: span(line))
}

func screen(
    _ name: String, _ properties: [ViewProperty], _ body: [ViewNode], methods: [MethodDeclaration] = []
) -> ViewDeclaration {
    ViewDeclaration(name: name, properties: properties, body: body, methods: methods, span: span(1))
}
func method(
    _ line: Int, _ name: String, parameters: [MethodDeclaration.Parameter] = [], returns: TypeName? = nil,
    _ body: [Statement]
) -> MethodDeclaration {
    MethodDeclaration(name: name, parameters: parameters, returnType: returns, body: body, span: span(line))
}
func enumeration(_ name: String, _ cases: [String], line: Int = 2) -> EnumDeclaration {
    EnumDeclaration(
        name: name, cases: cases.enumerated().map { .init(name: $1, span: span(line + 1 + $0)) }, span: span(line))
}

/// A program being run the way a session runs it, with a seeded generator for ids.
struct Running {
    let interpreter: ProgramInterpreter
    var run: ProgramRun
    var ids = SplitMix64(seed: 21)
    var started: ProgramOutcome

    init(_ program: SwiftUIProgram, limits: ProgramLimits = .init()) throws {
        interpreter = ProgramInterpreter(program: program, limits: limits)
        var ids = SplitMix64(seed: 21)
        let start = interpreter.start(ids: &ids)
        if let failure = start.failure { throw failure }
        run = start.run
        started = start.outcome
        self.ids = ids
    }

    @discardableResult
    mutating func apply(_ intent: ProgramIntent) throws(ProgramError) -> ProgramOutcome {
        try interpreter.apply(intent, to: &run, ids: &ids)
    }

    var screen: DrawnScreen { interpreter.draw(run) }

    /// Every drawn view, depth first, with the toolbars.
    var views: [DrawnView] {
        let drawn = screen
        return Self.flat(drawn.content + drawn.toolbar + drawn.keyboardToolbar)
    }

    static func flat(_ views: [DrawnView]) -> [DrawnView] { views.flatMap { [$0] + flat($0.content) } }

    /// The keys of the drawn controls titled `title`, in draw order.
    func keys(_ title: String) -> [ControlKey] { views.filter { $0.title == title }.compactMap(\.key) }

    func key(_ title: String) throws -> ControlKey { try #require(keys(title).first, "no control titled \(title)") }

    /// A state or focus value as drawn.
    func value(_ name: String) -> String? {
        let drawn = screen
        return (drawn.stateValues + drawn.focusValues).first { $0.name == name }?.value
    }
}

extension ProgramOutcome {
    var focusMoves: [(to: ControlKey?, value: String, cause: FocusCause, line: Int?)] {
        events.compactMap { event in
            guard case .focus(_, let to, let value, let cause) = event.kind else { return nil }
            return (to, value, cause, event.line)
        }
    }
}
