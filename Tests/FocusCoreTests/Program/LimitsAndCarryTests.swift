import FocusCore
import TestSupport
import Testing

@Suite("Program limits, errors, disabled controls and carry")
struct LimitsAndCarryTests {
    static let counter = SwiftUIProgram(
        enums: [enumeration("Field", ["username", "password"])],
        screens: [
            screen(
                "Counter",
                [
                    state(10, "count", .named("Int"), .integer(0)), state(11, "username", stringType, str("")),
                    focusState(12, "focus", optional("Field")),
                ],
                [
                    field(20, "Username", "username", [focused(21, "focus", dot("username"))]),
                    button(
                        22, "Spin",
                        [
                            run(
                                23,
                                .forIn(
                                    name: "i", sequence: op("..<", .integer(0), .integer(5000)), filter: nil,
                                    body: [set(24, "count", .integer(1), "+=")]))
                        ]),
                    button(25, "Typo", [set(26, "count", .integer(1), "+="), set(27, "usernme", str("x"))]),
                    button(28, "Recurse", [perform(29, calling(ref("again")))]),
                    button(30, "Out of range", [perform(31, calling(.member(ref("items"), "remove"), ("at", .integer(3))))]),
                    ViewNode(
                        .spacer,
                        modifiers: [
                            modifier(
                                32,
                                .toolbar([
                                    ToolbarItemGroup(
                                        placement: "primaryAction",
                                        content: [
                                            button(
                                                33, "Save", [set(34, "count", .integer(0))],
                                                [modifier(35, .disabled(ref("username").member("isEmpty")))])
                                        ],
                                        span: span(32))
                                ]))
                        ], span: span(32)),
                ],
                methods: [method(40, "again", [perform(41, calling(ref("again")))])])
        ])

    @Test func aRunawayLoopIsStoppedByTheBudgetAndLeavesTheRunUnchanged() throws {
        var session = try Running(Self.counter, limits: ProgramLimits(steps: 1000))
        try session.apply(.tap(try session.key("Username")))
        let before = session.run
        var ids = session.ids
        #expect(throws: ProgramError.stepBudgetExceeded(line: 24)) { try session.apply(.tap(try session.key("Spin"))) }
        #expect(session.run == before && session.ids.next() == ids.next())
        #expect(session.value("count") == "0")
    }

    @Test func recursionIsStoppedByTheCallDepth() throws {
        var session = try Running(Self.counter, limits: ProgramLimits(callDepth: 8))
        #expect(throws: ProgramError.callTooDeep(line: 41)) { try session.apply(.tap(try session.key("Recurse"))) }
    }

    @Test func aRuntimeErrorSaysWhatAndWhere() throws {
        var session = try Running(Self.counter)
        let before = session.run
        #expect(throws: ProgramError.runtime(line: 27, message: "'usernme' is not a name this view has")) {
            try session.apply(.tap(try session.key("Typo")))
        }
        #expect(session.run == before)
        #expect(throws: ProgramError.runtime(line: 31, message: "'items' is not a name this view has")) {
            try session.apply(.tap(try session.key("Out of range")))
        }
    }

    @Test func aDisabledToolbarButtonIsRefused() throws {
        var session = try Running(Self.counter)
        let save = try session.key("Save")
        #expect(session.screen.toolbar.first?.disabled == true)
        #expect(throws: ProgramError.disabled(save)) { try session.apply(.tap(save)) }
        #expect(throws: ProgramError.notEditable(save)) { try session.apply(.edit(save, "x")) }
        try session.apply(.edit(try session.key("Username"), "amy"))
        #expect(session.screen.toolbar.first?.disabled == false)
        try session.apply(.tap(save))
    }

    @Test func unknownControlsAreRefused() throws {
        var session = try Running(Self.counter)
        let ghost = ControlKey(FocusCase(rawValue: "c99"))
        #expect(throws: ProgramError.unknownControl(ghost)) { try session.apply(.edit(ghost, "x")) }
        #expect(throws: ProgramError.unknownControl(ghost)) { try session.apply(.tap(ghost)) }
        #expect(throws: ProgramError.notEditable(try session.key("Spin"))) { try session.apply(.focus(try session.key("Spin"))) }
    }

    @Test func carryKeepsStateWhoseNameAndKindStillExistAndTheFocusCase() throws {
        var session = try Running(Self.counter)
        try session.apply(.edit(try session.key("Username"), "amy"))
        try session.apply(.tap(try session.key("Username")))

        var changed = Self.counter
        changed.screens[0].properties[0] = state(10, "count", stringType, str("none"))
        changed.screens[0].properties.append(state(13, "agreed", boolType, .boolean(true)))
        changed.screens[0].body.insert(field(19, "Nickname", "username"), at: 0)
        let interpreter = ProgramInterpreter(program: changed)
        var ids = SplitMix64(seed: 5)
        let carried = interpreter.carry(session.run, ids: &ids)
        let drawn = interpreter.draw(carried)
        let values = Dictionary(uniqueKeysWithValues: (drawn.stateValues + drawn.focusValues).map { ($0.name, $0.value) })
        #expect(values == ["count": "\"none\"", "username": "\"amy\"", "agreed": "true", "focus": ".username"])
        #expect(drawn.focused == ControlKey(FocusCase(rawValue: "c1")))

        var renamed = changed
        renamed.enums = [enumeration("Field", ["email", "password"])]
        let other = ProgramInterpreter(program: renamed)
        let dropped = other.draw(other.carry(session.run, ids: &ids))
        #expect(dropped.focused == nil && dropped.focusValues == [NamedValue(name: "focus", value: "nil")])
    }
}
