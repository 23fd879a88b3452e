import FocusCore
import Testing

/// Seed 002: a task list whose rows reveal their notes field and extra buttons while focused.
@Suite("Seed 002: task list")
struct TasksSeedTests {
    @Test("The list starts with example tasks whose notes hold Markdown")
    func exampleTasks() throws {
        let session = try TestSession(on: .tasks)
        let rows = session.rows(.tasks)
        #expect((2...3).contains(rows.count))
        #expect(rows.allSatisfy { !session.screen.value(.title(id: $0)).isEmpty })
        #expect(rows.contains { session.screen.value(.notes(id: $0)).contains("**") })
    }

    @Test("A row has focus while its title or its notes are focused, and no other row does")
    func rowHasFocus() throws {
        var session = try TestSession(on: .tasks)
        let rows = session.rows(.tasks)
        #expect(rows.allSatisfy { !session.screen.rowHasFocus($0) })

        try session.apply(.focus(.title(id: rows[1])))
        #expect(rows.map(session.screen.rowHasFocus) == [false, true, false])
        try session.apply(.submit)
        #expect(session.focus == .notes(id: rows[1]), "Return moves from the title to the same row's notes")
        #expect(rows.map(session.screen.rowHasFocus) == [false, true, false])
        #expect(session.snapshot.focusedRow == rows[1])

        try session.apply(.submit)
        #expect(session.focus == .title(id: rows[2]), "then to the next row's title")
        #expect(rows.map(session.screen.rowHasFocus) == [false, false, true])

        try session.apply(.focus(nil))
        #expect(rows.allSatisfy { !session.screen.rowHasFocus($0) })
        #expect(session.snapshot.focusedRow == nil)
    }

    @Test("A new task gets focus on its title")
    func newRowFocused() throws {
        var session = try TestSession(on: .tasks)
        try session.apply(.focus(.notes(id: session.rows(.tasks)[0])))
        let outcome = try session.apply(.addRow(.tasks))
        let added = try #require(session.rows(.tasks).last)
        #expect(
            outcome.events == [
                .rowAdded(screen: .tasks, list: .tasks, row: added),
                focusEvent(.tasks, .notes(id: session.rows(.tasks)[0]), .title(id: added), .rowAdded),
            ])
        #expect(session.focus == .title(id: added))
        #expect(session.screen.rowHasFocus(added))
        #expect(session.screen.value(.title(id: added)) == "")
    }

    @Test("Removing the focused row hands focus to the row that takes its place")
    func removeFocusedMiddleRow() throws {
        var session = try TestSession(on: .tasks)
        let rows = session.rows(.tasks)
        try session.apply(.focus(.notes(id: rows[1])))
        let outcome = try session.apply(.removeRow(.tasks, rows[1]))
        #expect(
            outcome.events == [
                .rowRemoved(screen: .tasks, list: .tasks, row: rows[1]),
                focusEvent(.tasks, .notes(id: rows[1]), .notes(id: rows[2]), .rowRemoved),
            ])
        #expect(session.rows(.tasks) == [rows[0], rows[2]])
        #expect(session.screen.values[.title(id: rows[1])] == nil, "the removed row's texts are dropped")
        #expect(session.screen.values[.notes(id: rows[1])] == nil)
    }

    @Test("Removing the focused last row hands focus to the row before; the only row leaves none")
    func removeLastRows() throws {
        var session = try TestSession(on: .tasks)
        var rows = session.rows(.tasks)
        try session.apply(.focus(.title(id: rows[rows.count - 1])))
        while rows.count > 1 {
            try session.apply(.removeRow(.tasks, rows.removeLast()))
            #expect(session.focus == .title(id: rows[rows.count - 1]))
        }
        try session.apply(.removeRow(.tasks, rows[0]))
        #expect(session.focus == nil)
        #expect(session.rows(.tasks).isEmpty)
    }

    @Test("Removing a row without focus leaves focus where it is")
    func removeOtherRow() throws {
        var session = try TestSession(on: .tasks)
        let rows = session.rows(.tasks)
        try session.apply(.focus(.title(id: rows[0])))
        let outcome = try session.apply(.removeRow(.tasks, rows[2]))
        #expect(outcome.events == [.rowRemoved(screen: .tasks, list: .tasks, row: rows[2])])
        #expect(session.focus == .title(id: rows[0]))
    }

    @Test("Removing a row that is gone already is unknown_row and changes nothing")
    func removeUnknownRow() throws {
        var session = try TestSession(on: .tasks)
        let row = session.rows(.tasks)[0]
        try session.apply(.removeRow(.tasks, row))
        let before = session.state
        #expect(throws: FocusError.unknownRow(row.uuidString, list: .tasks)) {
            try session.apply(.removeRow(.tasks, row))
        }
        #expect(session.state == before)
    }
}
