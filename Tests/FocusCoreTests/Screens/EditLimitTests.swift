import FocusCore
import Testing

@Suite("Edits")
struct EditLimitTests {
    @Test("An edit may be up to 10,000 characters; longer is value_too_long and changes nothing")
    func valueTooLong() throws {
        var session = TestSession()
        try session.apply(.edit(.firstName, String(repeating: "é", count: 10_000)))
        #expect(session.screen.value(.firstName).count == 10_000)
        let before = session.state
        #expect(throws: FocusError.valueTooLong(key: .firstName, length: 10_001, limit: 10_000)) {
            try session.apply(.edit(.firstName, String(repeating: "a", count: 10_001)))
        }
        #expect(session.state == before)
    }

    @Test("The limit is the engine's to set")
    func customLimit() throws {
        var session = TestSession(engine: FocusEngine(limits: Limits(maxValueLength: 3)))
        #expect(throws: FocusError.valueTooLong(key: .lastName, length: 4, limit: 3)) {
            try session.apply(.edit(.lastName, "Ada!"))
        }
    }

    @Test("The whole session's text has a budget: an edit past it is refused, shortening is not")
    func sessionTextBudget() throws {
        // The seeded reminders already hold some text; the budget is 20 bytes more than that.
        let seeded = TestSession().state.screens.reduce(0) { $0 + $1.values.values.reduce(0) { $0 + $1.utf8.count } }
        let limit = seeded + 20
        var session = TestSession(engine: FocusEngine(limits: Limits(maxSessionTextBytes: limit)))
        try session.apply(.edit(.firstName, String(repeating: "a", count: 12)))
        let before = session.state
        #expect(throws: FocusError.sessionTextFull(limit: limit)) {
            try session.apply(.edit(.lastName, String(repeating: "b", count: 9)))
        }
        #expect(session.state == before)
        try session.apply(.edit(.firstName, "Ada"))
        try session.apply(.edit(.lastName, String(repeating: "b", count: 9)))
        #expect(session.screen.value(.lastName).count == 9)
    }

    @Test("An edit names the field's text, not its focus: a row that is gone is unknown_key")
    func editUnknownRow() throws {
        var session = try TestSession(on: .tasks)
        let row = session.rows(.tasks)[0]
        try session.apply(.removeRow(.tasks, row))
        #expect(throws: FocusError.unknownKey("title/\(row)", screen: .tasks)) {
            try session.apply(.edit(.title(id: row), "Buy bread"))
        }
    }

    @Test("An edit reports the key it changed and leaves focus alone")
    func editEvent() throws {
        var session = try TestSession(on: .checkout)
        let outcome = try session.apply(.edit(.phone, "5551234"))
        #expect(outcome.events == [.edit(screen: .checkout, key: .phone, ops: [TextSplice(at: 0, insert: "5551234")])])
        #expect(session.focus == .name)
    }
}
