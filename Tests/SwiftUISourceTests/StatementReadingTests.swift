import FocusCore
import SwiftUISource
import Testing

/// The statements of methods and closures, with where each was written.
@Suite("Reading statements")
struct StatementReadingTests {
    @Test("Sign-up validation: guard, if / else if / else, compound assignment, self. stripped, wrappedValue")
    func signUpValidation() throws {
        let source = TestSource(
            """
            struct SignUp: View {
                var body: some View { Text("Sign up") }
                func validate() -> Bool {
                    guard !email.isEmpty else {
                        focus = .email
                        return false
                    }
                    if password.count < 8 {
                        self.focus = .password
                        attempts += 1
                    } else if password != confirm {
                        focus.wrappedValue = .confirm
                    } else {
                        attempts -= 1
                    }
                    return true
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let validate = try program.method("SignUp", "validate")
        #expect(validate.returnType == .named("Bool"))
        #expect(
            validate.body == [
                Statement(
                    .guardElse(
                        conditions: [.expression(.prefix("!", .member(.name("email"), "isEmpty")))],
                        otherwise: [
                            Statement(
                                .assign(target: .name("focus"), operator: "=", value: .implicitMember("email")),
                                span: source.at(5, "focus")),
                            Statement(.returnValue(.boolean(false)), span: source.at(6, "return")),
                        ]),
                    span: source.at(4, "guard")),
                Statement(
                    .ifThen(
                        conditions: [.expression(.infix("<", .member(.name("password"), "count"), .integer(8)))],
                        then: [
                            Statement(
                                .assign(target: .name("focus"), operator: "=", value: .implicitMember("password")),
                                span: source.at(9, "self")),
                            Statement(
                                .assign(target: .name("attempts"), operator: "+=", value: .integer(1)),
                                span: source.at(10, "attempts")),
                        ],
                        otherwise: [
                            Statement(
                                .ifThen(
                                    conditions: [.expression(.infix("!=", .name("password"), .name("confirm")))],
                                    then: [
                                        Statement(
                                            .assign(
                                                target: .member(.name("focus"), "wrappedValue"), operator: "=",
                                                value: .implicitMember("confirm")), span: source.at(12, "focus"))
                                    ],
                                    otherwise: [
                                        Statement(
                                            .assign(target: .name("attempts"), operator: "-=", value: .integer(1)),
                                            span: source.at(14, "attempts"))
                                    ]),
                                span: source.at(11, "if"))
                        ]),
                    span: source.at(8, "if")),
                Statement(.returnValue(.boolean(true)), span: source.at(16, "return")),
            ])
    }

    @Test("Auto-focus after a delay: Task with Task.sleep in seconds, milliseconds, nanoseconds; asyncAfter")
    func delayedFocus() throws {
        let source = TestSource(
            """
            struct Welcome: View {
                var body: some View {
                    TextField("Name", text: $name)
                        .onAppear {
                            Task { @MainActor in
                                try? await Task.sleep(for: .seconds(1))
                                try await Task.sleep(for: .milliseconds(300))
                                try? await Task.sleep(nanoseconds: 500_000_000)
                                try? await Task.sleep(for: .milliseconds(delay))
                                focus = .name
                            }
                            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                                focus = .name
                            }
                        }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let modifier = try #require(try program.view("Welcome").body.first?.modifiers.first)
        let focusName = StatementKind.assign(target: .name("focus"), operator: "=", value: .implicitMember("name"))
        #expect(
            modifier.kind
                == .onAppear([
                    Statement(
                        .task([
                            Statement(.sleep(seconds: .integer(1)), span: source.at(6, "try?")),
                            Statement(.sleep(seconds: .double(0.3)), span: source.at(7, "try")),
                            Statement(.sleep(seconds: .double(0.5)), span: source.at(8, "try?")),
                            Statement(.sleep(seconds: .infix("/", .name("delay"), .integer(1000))), span: source.at(9, "try?")),
                            Statement(focusName, span: source.at(10, "focus")),
                        ]), span: source.at(5, "Task")),
                    Statement(
                        .after(seconds: .double(0.5), body: [Statement(focusName, span: source.at(13, "focus"))]),
                        span: source.at(12, "DispatchQueue")),
                ]))
    }

    @Test("Transactions: withTransaction without animation, with a key path; withAnimation with and without an argument")
    func transactions() throws {
        let source = TestSource(
            """
            struct Moves: View {
                var body: some View { Text("") }
                func jump() {
                    withTransaction(Transaction(animation: nil)) { focus = .a }
                    withTransaction(\\.disablesAnimations, true) { focus = .b }
                    withAnimation { focus = .c }
                    withAnimation(.easeInOut) { focus = nil }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let kinds = try program.method("Moves", "jump").body.map(\.kind)
        func set(_ value: Expression, line: Int) -> [Statement] {
            [Statement(.assign(target: .name("focus"), operator: "=", value: value), span: source.at(line, "focus"))]
        }
        #expect(
            kinds == [
                .transaction(animated: false, body: set(.implicitMember("a"), line: 4)),
                .transaction(animated: false, body: set(.implicitMember("b"), line: 5)),
                .transaction(animated: true, body: set(.implicitMember("c"), line: 6)),
                .transaction(animated: true, body: set(.nilLiteral, line: 7)),
            ])
    }

    @Test("Rows keyed by id with insert-after-current: let, if let, a closure with $0, a call with labels")
    func insertAfterCurrent() throws {
        let source = TestSource(
            """
            struct Reminders: View {
                var body: some View { Text("") }
                func insertAfter() {
                    let row = Reminder()
                    if case .row(let id)? = focus, let index = items.firstIndex(where: { $0.id == id }) {
                        items.insert(row, at: index + 1)
                    } else {
                        items.append(row)
                    }
                    focus = .row(row.id)
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let body = try program.method("Reminders", "insertAfter").body
        #expect(body.map(\.span) == [source.at(4, "let"), source.at(5, "if"), source.at(10, "focus")])
        #expect(body.first?.kind == .declare(name: "row", mutable: false, value: .call(.name("Reminder"), [])))
        let firstIndex = Expression.call(
            .member(.name("items"), "firstIndex"),
            [
                Argument(
                    label: "where",
                    value: .closure(
                        parameters: [],
                        body: [
                            Statement(
                                .expression(.infix("==", .member(.name("$0"), "id"), .name("id"))), span: source.at(5, "$0"))
                        ]))
            ])
        #expect(
            body[1].kind
                == .ifThen(
                    conditions: [
                        .matches(pattern: .some(.enumCase(name: "row", payload: [.binding("id")])), value: .name("focus")),
                        .optionalBinding(name: "index", value: firstIndex),
                    ],
                    then: [
                        Statement(
                            .expression(
                                .call(
                                    .member(.name("items"), "insert"),
                                    [
                                        Argument(label: nil, value: .name("row")),
                                        Argument(label: "at", value: .infix("+", .name("index"), .integer(1))),
                                    ])), span: source.at(6, "items"))
                    ],
                    otherwise: [
                        Statement(
                            .expression(.call(.member(.name("items"), "append"), [Argument(label: nil, value: .name("row"))])),
                            span: source.at(8, "items"))
                    ]))
    }

    @Test("for-where, a switch statement with case let and default, if let shorthand, var without a value")
    func loopsAndSwitches() throws {
        let source = TestSource(
            """
            struct Review: View {
                var body: some View { Text("") }
                func firstEmpty() {
                    var found: Field?
                    for field in Field.allCases where values[field] == nil {
                        found = field
                    }
                    if let found { focus = found }
                    switch focus {
                    case let .row(id): selected = id
                    case .title, nil: break
                    default: focus = nil
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        let body = try program.method("Review", "firstEmpty").body
        #expect(body.first == Statement(.declare(name: "found", mutable: true, value: nil), span: source.at(4, "var")))
        #expect(
            body[1]
                == Statement(
                    .forIn(
                        name: "field", sequence: .member(.name("Field"), "allCases"),
                        filter: .infix(
                            "==", .subscript(.name("values"), [Argument(label: nil, value: .name("field"))]), .nilLiteral),
                        body: [
                            Statement(
                                .assign(target: .name("found"), operator: "=", value: .name("field")), span: source.at(6, "found")
                            )
                        ]),
                    span: source.at(5, "for")))
        #expect(
            body[2].kind
                == .ifThen(
                    conditions: [.optionalBinding(name: "found", value: .name("found"))],
                    then: [
                        Statement(
                            .assign(target: .name("focus"), operator: "=", value: .name("found")), span: source.at(8, "focus"))
                    ],
                    otherwise: []))
        guard case .switchOn(let subject, let cases) = body[3].kind else {
            Issue.record("\(body[3])")
            return
        }
        #expect(subject == .name("focus"))
        #expect(
            cases.map(\.patterns) == [
                [.enumCase(name: "row", payload: [.binding("id")])], [.value(.implicitMember("title")), .value(.nilLiteral)], [],
            ])
        #expect(
            cases.first?.body == [
                Statement(.assign(target: .name("selected"), operator: "=", value: .name("id")), span: source.at(10, "selected"))
            ])
        #expect(cases.map(\.span) == [source.at(10, "case"), source.at(11, "case"), source.at(12, "default")])
        #expect(cases[1].body.isEmpty)
        #expect(diagnostics.isEmpty)
    }

    @Test("A statement outside the subset is kept as written with a warning at its line and column")
    func unmodelledStatements() throws {
        let source = TestSource(
            """
            struct Loop: View {
                var body: some View { Text("") }
                func spin() {
                    while tries < 3 { tries += 1 }
                    DispatchQueue.main.asyncAfter(deadline: later) { focus = nil }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        let body = try program.method("Loop", "spin").body
        #expect(
            body == [
                Statement(.unmodelled("while tries < 3 { tries += 1 }"), span: source.at(4, "while")),
                Statement(
                    .unmodelled("DispatchQueue.main.asyncAfter(deadline: later) { focus = nil }"),
                    span: source.at(5, "DispatchQueue")),
            ])
        #expect(
            diagnostics == [
                source.warning(4, "while", "`while` is not modelled: it does nothing here."),
                source.warning(
                    5, "DispatchQueue",
                    "This `DispatchQueue.main.asyncAfter` is not modelled in this form: it does nothing here."),
            ])
    }
}
