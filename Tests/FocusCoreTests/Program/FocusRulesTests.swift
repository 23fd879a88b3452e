import FocusCore
import Testing

@Suite("Program focus rules")
struct FocusRulesTests {
    /// `LoginForm`: Return goes username → password → sign in, as people write it.
    static let login = SwiftUIProgram(
        enums: [enumeration("LoginForm.Field", ["username", "password"])],
        screens: [
            screen(
                "LoginForm",
                [
                    state(10, "username", stringType, str("")), state(11, "password", stringType, str("")),
                    state(12, "signedIn", boolType, .boolean(false)), focusState(13, "focus", optional("Field")),
                ],
                [
                    form(
                        20,
                        [
                            field(
                                21, "Username", "username",
                                [focused(22, "focus", dot("username")), modifier(23, .submitLabel(.implicitMember("next")))]),
                            field(24, "Password", "password", style: .secure, [focused(25, "focus", dot("password"))]),
                            text(26, .interpolated([.literal("Signed in: "), .expression(ref("signedIn"))])),
                        ],
                        [
                            onSubmit(
                                27,
                                [
                                    run(
                                        28,
                                        .switchOn(
                                            subject: ref("focus"),
                                            cases: [
                                                SwitchCase(
                                                    patterns: [.value(dot("username"))],
                                                    body: [set(29, "focus", dot("password"))], span: span(29)),
                                                SwitchCase(
                                                    patterns: [.value(dot("password"))],
                                                    body: [perform(30, calling(ref("signIn")))], span: span(30)),
                                                SwitchCase(patterns: [], body: [], span: span(31)),
                                            ]))
                                ])
                        ])
                ],
                methods: [method(40, "signIn", [set(41, "signedIn", .boolean(true)), set(42, "focus", .nilLiteral)])])
        ])

    @Test func returnChainMovesUsernameToPasswordThenSignsIn() throws {
        var session = try Running(Self.login)
        let username = try session.key("Username")
        let password = try session.key("Password")
        #expect(
            username == ControlKey(FocusCase(rawValue: "username")) && password == ControlKey(FocusCase(rawValue: "password")))
        #expect(session.screen.focused == nil && session.value("focus") == "nil")

        let tap = try session.apply(.tap(username))
        #expect(tap.focusMoves.map(\.cause) == [.tap] && tap.focusMoves.first?.to == username)
        #expect(session.value("focus") == ".username")
        try session.apply(.edit(username, "amy"))
        #expect(session.value("username") == "\"amy\"")

        // A plain assignment moves focus through no field on its way (seed 000's keyboard dip).
        let first = try session.apply(.submit)
        #expect(first.focusMoves.map(\.to) == [nil, password] && first.focusMoves.allSatisfy { $0.cause == .submit })
        #expect(first.focusMoves.last?.line == 29 && first.focusMoves.map(\.value) == ["nil", ".password"])
        #expect(first.events.contains(ProgramEvent(.state(name: "focus", value: ".password"), line: 29)))

        try session.apply(.edit(password, "secret"))
        let second = try session.apply(.submit)
        #expect(session.value("signedIn") == "true" && session.screen.focused == nil)
        #expect(second.focusMoves.first?.line == 42 && second.focusMoves.first?.value == "nil")
        #expect(session.views.contains { $0.title == "Signed in: true" })
    }

    @Test("The keyboard's dismiss key lets go of the field through its .focused binding, on that line")
    func dismissLetsGoOnTheFocusedLine() throws {
        var session = try Running(Self.login)
        #expect(try session.apply(.dismiss).events.isEmpty, "with no field focused there is nothing to dismiss")
        let password = try session.key("Password")
        try session.apply(.tap(password))
        let dismissed = try session.apply(.dismiss)
        #expect(session.screen.focused == nil && session.value("focus") == "nil")
        #expect(dismissed.focusMoves.count == 1)
        #expect(dismissed.focusMoves.first.map { $0.to == nil && $0.cause == .dismiss && $0.line == 25 } == true)
        #expect(dismissed.events.contains(ProgramEvent(.state(name: "focus", value: "nil"), line: 25)))
    }

    @Test func returnWithoutAFocusMoveEndsEditing() throws {
        var program = Self.login
        program.screens[0].body[0].modifiers = []
        var session = try Running(program)
        try session.apply(.tap(try session.key("Username")))
        let outcome = try session.apply(.submit)
        #expect(outcome.focusMoves.map(\.cause) == [.submit] && outcome.focusMoves.first?.to == nil)
        #expect(session.value("focus") == "nil")
        #expect(session.screen.content[0].content[0].submitLabel == "next")
        #expect(session.screen.content[0].content[1].submitLabel == "return")
    }

    /// A Save button focusing the first invalid field that a validation method names.
    static let profile = SwiftUIProgram(
        enums: [enumeration("Field", ["name", "email"])],
        screens: [
            screen(
                "Profile",
                [
                    state(10, "name", stringType, str("")), state(11, "email", stringType, str("")),
                    state(12, "saved", boolType, .boolean(false)), focusState(13, "focus", optional("Field")),
                ],
                [
                    field(20, "Name", "name", [focused(21, "focus", dot("name"))]),
                    field(22, "Email", "email", [focused(23, "focus", dot("email"))]),
                    button(
                        24, "Save",
                        [
                            set(25, "focus", calling(ref("firstInvalid"))),
                            set(26, "saved", op("==", ref("focus"), .nilLiteral)),
                        ]),
                ],
                methods: [
                    method(
                        30, "firstInvalid", returns: optional("Field"),
                        [
                            when(
                                31, ref("name").trimmed.member("isEmpty"),
                                [run(31, .returnValue(dot("name")))]),
                            run(
                                32,
                                .guardElse(
                                    conditions: [.expression(calling(.member(ref("email"), "contains"), (nil, str("@"))))],
                                    otherwise: [run(32, .returnValue(dot("email")))])),
                            run(33, .returnValue(.nilLiteral)),
                        ])
                ])
        ])

    @Test func saveFocusesTheFirstInvalidField() throws {
        var session = try Running(Self.profile)
        let save = try session.key("Save")
        let name = try session.key("Name")
        let email = try session.key("Email")

        var outcome = try session.apply(.tap(save))
        #expect(outcome.focusMoves.first?.to == name && outcome.focusMoves.first?.cause == .binding)
        #expect(outcome.focusMoves.first?.line == 25 && session.value("saved") == "false")

        try session.apply(.edit(name, "   "))
        outcome = try session.apply(.tap(save))
        #expect(session.screen.focused == name && outcome.focusMoves.isEmpty)

        try session.apply(.edit(name, " Amy "))
        try session.apply(.edit(email, "amy"))
        outcome = try session.apply(.tap(save))
        #expect(outcome.focusMoves.map(\.to) == [nil, email] && session.value("focus") == ".email")

        try session.apply(.edit(email, "amy@example.com"))
        outcome = try session.apply(.tap(save))
        #expect(session.screen.focused == nil && session.value("saved") == "true")
        #expect(outcome.focusMoves.first?.value == "nil")
    }

    /// Two fields bound to `.name`: an assignment focuses the last one drawn, a tap the one tapped.
    static let twice = SwiftUIProgram(
        enums: [enumeration("Field", ["name", "email"])],
        screens: [
            screen(
                "Twice",
                [
                    state(10, "first", stringType, str("")), state(11, "second", stringType, str("")),
                    focusState(12, "focus", optional("Field")),
                ],
                [
                    field(20, "First", "first", [focused(21, "focus", dot("name"))]),
                    field(22, "Second", "second", [focused(23, "focus", dot("name"))]),
                    button(24, "Focus name", [set(25, "focus", dot("name"))]),
                ])
        ])

    @Test func twoFieldsBoundToOneValue() throws {
        var session = try Running(Self.twice)
        let first = try session.key("First")
        let second = try session.key("Second")
        try session.apply(.tap(try session.key("Focus name")))
        #expect(session.screen.focused == second)

        let tap = try session.apply(.tap(first))
        #expect(session.screen.focused == first && session.value("focus") == ".name")
        #expect(tap.focusMoves.first?.cause == .tap && tap.focusMoves.first?.line == nil)

        let warnings = ProgramCheck.warnings(of: Self.twice).filter { $0.message.hasPrefix("Two fields are bound to `.name`") }
        #expect(warnings.map(\.span.line) == [21, 23])
        let unbound = ProgramCheck.warnings(of: Self.twice).filter { $0.message.contains("`.email`") }
        #expect(unbound.count == 1)
    }

    /// A `Bool` focus state and an enum one on the same screen.
    static let search = SwiftUIProgram(
        enums: [enumeration("Field", ["name"])],
        screens: [
            screen(
                "Search",
                [
                    state(10, "query", stringType, str("")), state(11, "name", stringType, str("")),
                    focusState(12, "searching", boolType), focusState(13, "focus", optional("Field")),
                ],
                [
                    field(20, "Search", "query", [focused(21, "searching")]),
                    field(22, "Name", "name", [focused(23, "focus", dot("name"))]),
                    button(24, "Find", [set(25, "searching", .boolean(true))]),
                    button(26, "Rename", [set(27, "focus", dot("name"))]),
                ])
        ])

    @Test func boolFocusState() throws {
        var session = try Running(Self.search)
        #expect(session.value("searching") == "false")
        let outcome = try session.apply(.tap(try session.key("Find")))
        #expect(session.screen.focused == (try session.key("Search")) && session.value("searching") == "true")
        #expect(outcome.focusMoves.first?.value == "true" && outcome.focusMoves.first?.line == 25)
        try session.apply(.tap(nil))
        #expect(session.screen.focused == nil && session.value("searching") == "false")
    }

    @Test func severalFocusStatesFollowTheOneField() throws {
        var session = try Running(Self.search)
        try session.apply(.tap(try session.key("Search")))
        #expect(session.value("searching") == "true" && session.value("focus") == "nil")
        let outcome = try session.apply(.tap(try session.key("Rename")))
        #expect(session.screen.focused == (try session.key("Name")))
        #expect(session.value("searching") == "false" && session.value("focus") == ".name")
        #expect(outcome.events.contains(ProgramEvent(.state(name: "searching", value: "false"), line: 27)))
        try session.apply(.focus(try session.key("Search")))
        #expect(session.value("searching") == "true" && session.value("focus") == "nil")
    }

    @Test func focusOnAValueNoFieldIsBoundToBecomesNil() throws {
        var program = Self.twice
        program.screens[0].body[2] = button(24, "Email", [set(25, "focus", dot("email"))])
        var session = try Running(program)
        try session.apply(.tap(try session.key("First")))
        let outcome = try session.apply(.tap(try session.key("Email")))
        #expect(session.screen.focused == nil && session.value("focus") == "nil")
        #expect(outcome.events.contains(ProgramEvent(.state(name: "focus", value: ".email"), line: 25)))
        #expect(outcome.focusMoves.first?.to == nil)
    }
}

extension Expression {
    /// `.trimmingCharacters(in: .whitespaces)`.
    var trimmed: Expression { calling(.member(self, "trimmingCharacters"), ("in", dot("whitespaces"))) }
    func member(_ name: String) -> Expression { .member(self, name) }
}
