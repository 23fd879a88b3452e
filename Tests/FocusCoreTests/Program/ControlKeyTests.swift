import FocusCore
import Testing

@Suite("Program control keys")
struct ControlKeyTests {
    static let todo = ModelDeclaration(
        name: "Todo",
        properties: [
            .init(name: "id", type: .named("UUID"), initial: calling(ref("UUID")), isLet: true, span: span(3)),
            .init(name: "title", type: stringType, initial: str(""), isLet: false, span: span(4)),
        ], span: span(2))

    static func forEach(_ line: Int, _ collection: Expression, _ element: String, _ content: [ViewNode], binding: Bool = false)
        -> ViewNode
    {
        ViewNode(
            .forEach(ForEachView(collection: collection, overBinding: binding, element: element, content: content)),
            span: span(line))
    }

    static func indexed(_ base: String, _ index: String, _ member: String) -> Expression {
        .member(.subscript(ref(base), [Argument(label: nil, value: ref(index))]), member)
    }

    static let program = SwiftUIProgram(
        models: [todo],
        screens: [
            screen(
                "Keys",
                [
                    state(10, "names", .array(stringType), .array([str("a"), str("b")])),
                    state(11, "todos", .array(.named("Todo")), .array([calling(ref("Todo")), calling(ref("Todo"))])),
                    state(12, "show", boolType, .boolean(false)),
                ],
                [
                    ifView(20, ref("show"), [button(21, "Hidden", [])]),
                    forEach(
                        22, op("..<", .integer(0), .integer(2)), "i",
                        [
                            ViewNode(
                                .textInput(
                                    TextInputView(
                                        style: .field, title: .string("Name"),
                                        text: .subscript(ref("names"), [Argument(label: nil, value: ref("i"))]))),
                                span: span(23))
                        ]),
                    forEach(
                        24, .member(ref("todos"), "indices"), "i",
                        [
                            ViewNode(
                                .textInput(
                                    TextInputView(style: .field, title: .string("Todo"), text: indexed("todos", "i", "title"))),
                                span: span(25)),
                            // `Check(title: $todos[i].title)`: a subscript of the binding.
                            ViewNode(
                                .component(
                                    name: "Check",
                                    arguments: [
                                        .init(
                                            label: "title",
                                            value: .member(
                                                .subscript(.binding("todos"), [Argument(label: nil, value: ref("i"))]), "title"))
                                    ]),
                                span: span(26)),
                        ]),
                    button(27, "Show", [set(28, "show", .boolean(true))]),
                ])
        ],
        components: [
            ViewDeclaration(
                name: "Check",
                properties: [
                    ViewProperty(name: "title", wrapper: .binding, type: stringType, initial: nil, span: span(31)),
                    ViewProperty(name: "on", wrapper: .state, type: boolType, initial: .boolean(false), span: span(32)),
                ],
                body: [ViewNode(.toggle(title: ref("title"), isOn: ref("on")), span: span(33))], span: span(30))
        ])

    @Test func keysNameTheValueEditedWithRowIDsOrIndicesAndNumberTheButtons() throws {
        var session = try Running(Self.program)
        #expect(session.keys("Name") == [ControlKey(FocusCase(rawValue: "names_0")), ControlKey(FocusCase(rawValue: "names_1"))])
        guard case .array(let todos)? = session.run.value(of: "todos") else { throw ProgramError.unknownScreen(0) }
        let ids = todos.compactMap { todo -> RowID? in
            guard case .model(_, let properties) = todo, case .uuid(let id) = properties[0].value else { return nil }
            return id
        }
        #expect(session.keys("Todo") == ids.map { ControlKey(FocusCase(rawValue: "title"), id: $0) })
        #expect(try session.key("Show") == ControlKey(FocusCase(rawValue: "c4")))

        try session.apply(.edit(session.keys("Name")[1], "bee"))
        #expect(session.value("names") == "[\"a\", \"bee\"]")
        try session.apply(.edit(session.keys("Todo")[0], "Milk"))
        let toggle = ControlKey(FocusCase(rawValue: "on"), id: ids[0])
        #expect(session.views.first { $0.key == toggle }?.title == "Milk")
        let flipped = try session.apply(.tap(toggle))
        #expect(flipped.events.map(\.kind) == [.state(name: "Check@c3#\(ids[0].uuidString).on", value: "true")])
        #expect(session.views.first { $0.key == toggle }?.value == "true")
        #expect(session.views.first { $0.key == ControlKey(FocusCase(rawValue: "on"), id: ids[1]) }?.value == "false")
        #expect(throws: ProgramError.notEditable(toggle)) { try session.apply(.edit(toggle, "x")) }

        try session.apply(.tap(try session.key("Show")))
        #expect(
            try session.key("Hidden") == ControlKey(FocusCase(rawValue: "c0"))
                && (try session.key("Show")) == ControlKey(FocusCase(rawValue: "c4")))
    }
}
