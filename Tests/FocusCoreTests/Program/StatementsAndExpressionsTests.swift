import FocusCore
import Testing

@Suite("Program statements and expressions")
struct StatementsAndExpressionsTests {
    static let task = ModelDeclaration(
        name: "Todo",
        properties: [
            .init(name: "id", type: .named("UUID"), initial: calling(ref("UUID")), isLet: true, span: span(3)),
            .init(name: "title", type: stringType, initial: nil, isLet: false, span: span(4)),
            .init(name: "done", type: boolType, initial: .boolean(false), isLet: false, span: span(5)),
        ], span: span(2))

    static let level = EnumDeclaration(
        name: "Level",
        cases: [.init(name: "low", rawValue: 0, span: span(7)), .init(name: "high", rawValue: 1, span: span(8))],
        caseIterable: true, intRawValues: true, span: span(6))

    static let target = EnumDeclaration(
        name: "Target", cases: [.init(name: "row", payloadLabels: ["id"], span: span(9)), .init(name: "search", span: span(10))],
        span: span(9))

    static func program(_ action: [Statement], states: [ViewProperty] = [], methods: [MethodDeclaration] = []) -> SwiftUIProgram {
        SwiftUIProgram(
            enums: [level, target], models: [task],
            screens: [
                screen(
                    "Lab",
                    [
                        state(
                            10, "todos", .array(.named("Todo")),
                            .array([
                                calling(ref("Todo"), ("title", str("Milk"))),
                                calling(ref("Todo"), ("title", str("Eggs")), ("done", .boolean(true))),
                            ])),
                        state(11, "out", stringType, str("")), state(12, "total", .named("Int"), .integer(0)),
                    ] + states, [button(20, "Run", action)], methods: methods)
            ])
    }

    /// Runs `action` and returns the drawn values.
    func values(_ action: [Statement], states: [ViewProperty] = [], methods: [MethodDeclaration] = []) throws -> [String: String]
    {
        var session = try Running(Self.program(action, states: states, methods: methods))
        try session.apply(.tap(try session.key("Run")))
        return Dictionary(uniqueKeysWithValues: session.screen.stateValues.map { ($0.name, $0.value) })
    }

    @Test func optionalsClosuresAndIfLet() throws {
        let values = try values([
            run(
                30,
                .ifThen(
                    conditions: [
                        .optionalBinding(
                            name: "first",
                            value: calling(
                                .member(ref("todos"), "first"),
                                ("where", .closure(parameters: ["t"], body: [perform(30, ref("t.done"))]))))
                    ],
                    then: [set(31, "out", ref("first.title"))], otherwise: [set(31, "out", str("none"))])),
            set(
                32, "out",
                op("+", ref("out"), op("??", .member(.optionalChain(.member(ref("todos"), "last")), "title"), str("?")))),
            set(33, "total", op("??", calling(ref("Int"), (nil, str("42"))), .integer(0))),
            set(34, "total", calling(ref("min"), (nil, ref("total")), (nil, .integer(7))), "-="),
        ])
        #expect(values["out"] == "\"EggsEggs\"" && values["total"] == "35")
    }

    @Test func loopsSwitchesAndEnums() throws {
        let values = try values(
            [
                run(
                    30,
                    .forIn(
                        name: "n", sequence: op("..<", .integer(0), .integer(10)),
                        filter: op("==", op("%", ref("n"), .integer(2)), .integer(0)), body: [set(31, "total", ref("n"), "+=")])),
                set(32, "pick", calling(dot("row"), ("id", ref("todos.first.id")))),
                run(
                    33,
                    .switchOn(
                        subject: ref("pick"),
                        cases: [
                            SwitchCase(patterns: [.value(.nilLiteral)], body: [set(34, "out", str("nil"))], span: span(34)),
                            SwitchCase(patterns: [.value(dot("search"))], body: [set(35, "out", str("search"))], span: span(35)),
                            SwitchCase(
                                patterns: [.enumCase(name: "row", payload: [.binding("id")])],
                                body: [
                                    set(
                                        36, "out",
                                        .interpolated([.literal("row "), .expression(op("==", ref("id"), ref("todos.first.id")))])
                                    )
                                ],
                                span: span(36)),
                        ])),
                set(
                    37, "out",
                    op(
                        "+", ref("out"),
                        .interpolated([.literal(" "), .expression(calling(ref("Level"), ("rawValue", .integer(1))))]))),
                set(
                    38, "total",
                    op(
                        "+", ref("total"),
                        op("*", .member(ref("Level.allCases"), "count"), .member(ref("Level.high"), "rawValue")))),
            ], states: [state(13, "pick", optional("Target"), .nilLiteral)])
        #expect(values["total"] == "22" && values["out"] == "\"row true high\"")
        #expect(values["pick"]?.hasPrefix(".row(id: ") == true)
    }

    @Test func stringsAndArrayMutations() throws {
        let values = try values(
            [
                set(
                    30, "out",
                    calling(
                        .member(
                            calling(.member(str("  Hi There \n"), "trimmingCharacters"), ("in", dot("whitespacesAndNewlines"))),
                            "lowercased"))),
                when(
                    31,
                    op(
                        "&&", calling(.member(ref("out"), "hasPrefix"), (nil, str("hi"))),
                        calling(.member(ref("out"), "contains"), (nil, str("the")))), [set(31, "out", str("ok"), "+=")]),
                perform(32, calling(.member(ref("todos"), "append"), (nil, calling(ref("Todo"), ("title", str("Jam")))))),
                perform(
                    33,
                    calling(
                        .member(ref("todos"), "removeAll"),
                        ("where", .closure(parameters: [], body: [perform(33, ref("$0.done"))])))),
                perform(34, calling(.member(ref("todos"), "remove"), ("at", .integer(0)))),
                set(35, "total", op("+", .member(ref("todos"), "count"), calling(ref("double"), ("of", .integer(4))))),
                run(
                    36,
                    .transaction(
                        animated: true,
                        body: [
                            run(
                                36,
                                .assign(
                                    target: .member(
                                        .subscript(ref("todos"), [Argument(label: nil, value: .integer(0))]), "title"),
                                    operator: "=",
                                    value: str("Bread")))
                        ])),
                set(37, "out", .ternary(.member(ref("todos"), "isEmpty"), str("empty"), ref("out"))),
            ],
            methods: [
                method(
                    40, "double", parameters: [.init(label: "of", name: "n", type: .named("Int"))], returns: .named("Int"),
                    [perform(41, op("*", ref("n"), .integer(2)))])
            ])
        #expect(values["out"] == "\"hi thereok\"" && values["total"] == "9")
        #expect(values["todos"]?.contains("title: \"Bread\", done: false)]") == true)
    }

    @Test func aViewThatFailsIsDrawnAsAPlaceholderSayingWhy() throws {
        var program = Self.program([])
        program.screens[0].body.append(text(21, ref("missing")))
        program.screens[0].body.append(ViewNode(.unmodelled(name: "Map", content: [text(23, str("inside"))]), span: span(22)))
        let session = try Running(program)
        let drawn = session.screen.content
        #expect(drawn[1] == DrawnView(kind: .placeholder, title: "Line 21: 'missing' is not a name this view has", line: 21))
        #expect(drawn[2].kind == .placeholder && drawn[2].title == "Map" && drawn[2].content.first?.title == "inside")
    }

    @Test func arraysOfModelsStopAtTheRowLimit() throws {
        let append = perform(30, calling(.member(ref("todos"), "append"), (nil, calling(ref("Todo"), ("title", str("Jam"))))))
        var session = try Running(Self.program([append]), limits: ProgramLimits(rows: 2))
        #expect(throws: ProgramError.runtime(line: 30, message: "'todos' would hold 3 rows; the playground keeps at most 2")) {
            try session.apply(.tap(try session.key("Run")))
        }
    }
}
