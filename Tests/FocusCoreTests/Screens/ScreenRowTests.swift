import FocusCore
import Testing

/// Adding and removing rows at the start, middle and end of each list.
@Suite("Every list: add and remove rows")
struct ScreenRowTests {
    enum Place: String, CaseIterable, Sendable {
        case start, middle, end

        func index(in count: Int) -> Int {
            switch self {
            case .start: 0
            case .middle: count / 2
            case .end: count - 1
            }
        }
    }

    static let lists: [(ScreenID, ListID)] = [(.gift, .emails), (.tasks, .tasks)]

    /// A session on `screen` whose `list` has exactly three rows.
    static func session(with list: ListID, on screen: ScreenID) throws -> TestSession {
        var session = try TestSession(on: screen)
        while session.rows(list).count < 3 { try session.apply(.addRow(list)) }
        try session.apply(.focus(nil))
        return session
    }

    @Test(
        "Removing the focused row moves focus to its successor, or its predecessor at the end",
        arguments: lists, Place.allCases)
    func removeFocused(list: (ScreenID, ListID), place: Place) throws {
        var session = try Self.session(with: list.1, on: list.0)
        let rows = session.rows(list.1)
        let index = place.index(in: rows.count)
        let focused = try #require(session.snapshot.focusable(row: rows[index]))
        try session.apply(.focus(focused))
        try session.apply(.removeRow(list.1, rows[index]))

        var remaining = rows
        remaining.remove(at: index)
        #expect(session.rows(list.1) == remaining)
        let heir = index < remaining.count ? remaining[index] : remaining[index - 1]
        #expect(session.focus?.rowID == heir)
        #expect(session.focus?.rowCase == focused.rowCase)
    }

    @Test("Removing an unfocused row keeps focus and drops the row's texts", arguments: lists, Place.allCases)
    func removeUnfocused(list: (ScreenID, ListID), place: Place) throws {
        var session = try Self.session(with: list.1, on: list.0)
        let rows = session.rows(list.1)
        let index = place.index(in: rows.count)
        let keeper = rows[(index + 1) % rows.count]
        let focused = try #require(session.snapshot.focusable(row: keeper))
        try session.apply(.focus(focused))
        try session.apply(.removeRow(list.1, rows[index]))
        #expect(session.focus == focused)
        #expect(!session.screen.values.keys.contains { $0.rowID == rows[index] })
    }

    @Test(
        "Adding a row while a row at the start, middle or end has focus appends and focuses the new row",
        arguments: lists, Place.allCases)
    func addWhileFocused(list: (ScreenID, ListID), place: Place) throws {
        var session = try Self.session(with: list.1, on: list.0)
        let rows = session.rows(list.1)
        try session.apply(.focus(session.snapshot.focusable(row: rows[place.index(in: rows.count)])))
        try session.apply(.addRow(list.1))
        let added = try #require(session.rows(list.1).last)
        #expect(session.rows(list.1) == rows + [added])
        #expect(session.focus?.rowID == added)
        #expect(session.screen.validation == nil)
    }

    @Test("A full list refuses another row and changes nothing", arguments: lists)
    func tooManyRows(list: (ScreenID, ListID)) throws {
        var session = try TestSession(on: list.0)
        while session.rows(list.1).count < 100 { try session.apply(.addRow(list.1)) }
        let before = session.state
        #expect(throws: FocusError.tooManyRows(list: list.1, limit: 100)) {
            try session.apply(.addRow(list.1))
        }
        #expect(session.state == before)
    }

    @Test("A list the screen does not have is unknown_list", arguments: ScreenExpectation.all)
    func unknownList(expectation: ScreenExpectation) throws {
        var session = try TestSession(on: expectation.screen)
        #expect(throws: FocusError.unknownList("guests", screen: expectation.screen)) {
            try session.apply(.addRow("guests"))
        }
    }
}

extension ScreenSnapshot {
    /// The first focusable key of `row`: the first row key in the values that names it.
    func focusable(row: RowID) -> FocusKey? {
        [FocusKey.row(id: row), .title(id: row)].first { values[$0] != nil }
    }
}
