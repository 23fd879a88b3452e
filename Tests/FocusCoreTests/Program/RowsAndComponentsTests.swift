import FocusCore
import TestSupport
import Testing

@Suite("Program rows and components")
struct RowsAndComponentsTests {
    static let item = ModelDeclaration(
        name: "Item",
        properties: [
            .init(name: "id", type: .named("UUID"), initial: calling(ref("UUID")), isLet: true, span: span(3)),
            .init(name: "title", type: stringType, initial: str(""), isLet: false, span: span(4)),
            .init(name: "notes", type: stringType, initial: str(""), isLet: false, span: span(5)),
        ], span: span(2))

    static let field = EnumDeclaration(
        name: "Checklist.Field",
        cases: [
            .init(name: "title", payloadLabels: ["id"], span: span(7)),
            .init(name: "notes", payloadLabels: ["id"], span: span(8)),
        ],
        span: span(6))

    static func focusOn(_ name: String, _ id: Expression) -> Expression { calling(dot(name), ("id", id)) }

    /// `ForEach($items) { $item in TextField("Title", text: $item.title) … }`, Return inserting a
    /// row after the current one and focusing it; the notes field shows only while its row has focus.
    static let checklist = SwiftUIProgram(
        enums: [field], models: [item],
        screens: [
            screen(
                "Checklist",
                [
                    state(
                        10, "items", .array(.named("Item")),
                        .array([calling(ref("Item"), ("title", str("A"))), calling(ref("Item"), ("title", str("B")))])),
                    state(11, "showNotes", boolType, .boolean(true)),
                    focusState(12, "focus", optional("Field")),
                ],
                [
                    ViewNode(
                        .forEach(
                            ForEachView(
                                collection: ref("items"), overBinding: true, element: "item",
                                content: [
                                    RowsAndComponentsTests.rowTitle,
                                    ifView(
                                        24,
                                        op(
                                            "&&", ref("showNotes"),
                                            op(
                                                "||", op("==", ref("focus"), focusOn("title", ref("item.id"))),
                                                op("==", ref("focus"), focusOn("notes", ref("item.id"))))),
                                        [
                                            RowsAndComponentsTests.field(
                                                25, "Notes", "item.notes",
                                                [focused(26, "focus", focusOn("notes", ref("item.id")))])
                                        ]),
                                    button(
                                        27, "Delete",
                                        [
                                            perform(
                                                28,
                                                calling(
                                                    .member(ref("items"), "removeAll"),
                                                    (
                                                        "where",
                                                        .closure(
                                                            parameters: [],
                                                            body: [perform(28, op("==", ref("$0.id"), ref("item.id")))])
                                                    )))
                                        ]),
                                ])), modifiers: [], span: span(20)),
                    ViewNode(
                        .spacer,
                        modifiers: [
                            modifier(
                                30,
                                .toolbar([
                                    ToolbarItemGroup(
                                        placement: "keyboard",
                                        content: [button(31, "Hide notes", [set(32, "showNotes", .boolean(false))])],
                                        span: span(30))
                                ]))
                        ], span: span(29)),
                ],
                methods: [
                    method(
                        40, "insert", parameters: [.init(label: "after", name: "id", type: .named("UUID"))],
                        [
                            run(
                                41,
                                .declare(
                                    name: "index", mutable: false,
                                    value: op(
                                        "??",
                                        calling(
                                            .member(ref("items"), "firstIndex"),
                                            (
                                                "where",
                                                .closure(parameters: [], body: [perform(41, op("==", ref("$0.id"), ref("id")))])
                                            )),
                                        .integer(0)))),
                            run(42, .declare(name: "new", mutable: false, value: calling(ref("Item")))),
                            perform(
                                43,
                                calling(
                                    .member(ref("items"), "insert"), (nil, ref("new")), ("at", op("+", ref("index"), .integer(1)))
                                )),
                            set(44, "focus", focusOn("title", ref("new.id"))),
                        ])
                ])
        ])

    static let rowTitle = field(
        21, "Title", "item.title",
        [
            focused(22, "focus", focusOn("title", ref("item.id"))),
            onSubmit(23, [perform(23, calling(ref("insert"), ("after", ref("item.id"))))]),
        ])

    static func field(_ line: Int, _ title: String, _ text: String, _ modifiers: [ViewModifier]) -> ViewNode {
        FocusCoreTests.field(line, title, text, modifiers)
    }

    func ids(_ session: Running) throws -> [RowID] {
        guard case .array(let rows)? = session.run.value(of: "items") else { throw ProgramError.unknownScreen(0) }
        return rows.compactMap { row in
            guard case .model(_, let properties) = row, case .uuid(let id)? = properties.first?.value else { return nil }
            return id
        }
    }

    @Test func rowsAreKeyedByTheirIDsAndReturnInsertsAFocusedRowAfterTheCurrentOne() throws {
        var session = try Running(Self.checklist)
        let rows = try ids(session)
        #expect(rows.count == 2 && rows[0] != rows[1])
        #expect(session.keys("Title") == rows.map { ControlKey(FocusCase(rawValue: "title"), id: $0) })
        let value = try #require(session.value("items"))
        #expect(value.hasPrefix("[Item(id: \(rows[0].uuidString.prefix(4))…, title: \"A\", notes: \"\")"))

        try session.apply(.tap(session.keys("Title")[0]))
        try session.apply(.edit(session.keys("Title")[0], "Apples"))
        let outcome = try session.apply(.submit)
        let after = try ids(session)
        #expect(after.count == 3 && after[0] == rows[0] && after[2] == rows[1])
        #expect(session.screen.focused == ControlKey(FocusCase(rawValue: "title"), id: after[1]))
        #expect(outcome.focusMoves.first?.line == 44 && outcome.focusMoves.first?.cause == .submit)
        #expect(session.value("focus") == ".title(id: \(after[1].uuidString.prefix(4))…)")
        #expect(session.views.filter { $0.kind == .textField }.map(\.value) == ["Apples", "", "", "B"])
    }

    @Test func notesShowOnlyWhileTheirRowHasFocusAndHidingThemDropsFocus() throws {
        var session = try Running(Self.checklist)
        #expect(session.keys("Notes").isEmpty && session.screen.keyboardToolbar.isEmpty)
        let rows = try ids(session)
        try session.apply(.tap(session.keys("Title")[1]))
        #expect(session.keys("Notes") == [ControlKey(FocusCase(rawValue: "notes"), id: rows[1])])
        try session.apply(.tap(try session.key("Notes")))
        #expect(session.screen.focused == ControlKey(FocusCase(rawValue: "notes"), id: rows[1]))
        #expect(session.screen.keyboardToolbar.map(\.title) == ["Hide notes"])

        let hide = try session.apply(.tap(try session.key("Hide notes")))
        #expect(session.screen.focused == nil && session.value("focus") == "nil" && session.keys("Notes").isEmpty)
        #expect(hide.focusMoves.first?.to == nil && hide.focusMoves.first?.line == 32)
        #expect(throws: ProgramError.unknownControl(ControlKey(FocusCase(rawValue: "c2")))) {
            try session.apply(.tap(ControlKey(FocusCase(rawValue: "c2"))))
        }
    }

    @Test func deletingTheFocusedRowDropsFocus() throws {
        var session = try Running(Self.checklist)
        let rows = try ids(session)
        try session.apply(.tap(session.keys("Title")[0]))
        #expect(session.keys("Delete") == rows.map { ControlKey(FocusCase(rawValue: "c2"), id: $0) })
        let outcome = try session.apply(.tap(session.keys("Delete")[0]))
        #expect(try ids(session) == [rows[1]] && session.screen.focused == nil && session.value("focus") == "nil")
        #expect(outcome.focusMoves.first?.cause == .rowRemoved && outcome.focusMoves.first?.line == 28)
    }

    /// `EmailRow(email: $email, focus: $focus)` with a `FocusState<Field?>.Binding` parameter.
    static let withComponent = SwiftUIProgram(
        enums: [enumeration("Field", ["email", "password"])],
        screens: [
            screen(
                "Account",
                [
                    state(10, "email", stringType, str("")), state(11, "password", stringType, str("")),
                    focusState(12, "focus", optional("Field")),
                ],
                [
                    ViewNode(
                        .component(
                            name: "EmailRow",
                            arguments: [
                                .init(label: "email", value: .binding("email")), .init(label: "focus", value: .binding("focus")),
                            ]), span: span(20)),
                    FocusCoreTests.field(21, "Password", "password", style: .secure, [focused(22, "focus", dot("password"))]),
                ])
        ],
        components: [
            ViewDeclaration(
                name: "EmailRow",
                properties: [
                    ViewProperty(name: "email", wrapper: .binding, type: stringType, initial: nil, span: span(31)),
                    ViewProperty(
                        name: "focus", wrapper: .focusBinding, type: .other("FocusState<Field?>.Binding"), initial: nil,
                        span: span(32)),
                ],
                body: [
                    FocusCoreTests.field(
                        34, "Email", "email",
                        [focused(35, "focus", dot("email")), onSubmit(36, [set(37, "focus.wrappedValue", dot("password"))])])
                ], span: span(30))
        ])

    @Test func aComponentBindsToTheCallersStateAndFocus() throws {
        var session = try Running(Self.withComponent)
        let email = try session.key("Email")
        let password = try session.key("Password")
        #expect(email == ControlKey(FocusCase(rawValue: "email")) && password == ControlKey(FocusCase(rawValue: "password")))
        try session.apply(.tap(email))
        #expect(session.value("focus") == ".email")
        try session.apply(.edit(email, "amy@example.com"))
        #expect(session.value("email") == "\"amy@example.com\"")
        #expect(try session.interpreter.text(of: email, in: session.run) == "amy@example.com")
        let outcome = try session.apply(.submit)
        #expect(session.screen.focused == password && outcome.focusMoves.first?.line == 37)
        #expect(ProgramCheck.warnings(of: Self.withComponent).isEmpty)
    }
}
