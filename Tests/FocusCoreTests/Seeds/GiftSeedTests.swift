import FocusCore
import Testing

/// Seed 001, second half: the gift screen's delayed auto-focus and its list of recipient emails.
@Suite("Seed 001: gift message")
struct GiftSeedTests {
    /// A session that proceeded from a valid checkout form to the gift screen.
    static func proceededToGift() throws -> (session: TestSession, outcome: Outcome) {
        var session = try TestSession(on: .checkout)
        try session.apply(.edit(.name, "Ada Lovelace"))
        try session.apply(.edit(.address, "12 St James's Square"))
        try session.apply(.edit(.phone, "(020) 7946-0000"))
        try session.apply(.focus(.phone))
        let outcome = try session.apply(.validate)
        return (session, outcome)
    }

    @Test("A valid checkout releases focus, moves on to gift and schedules the message's auto-focus")
    func proceedToGift() throws {
        let (session, outcome) = try Self.proceededToGift()
        #expect(
            outcome.events == [
                .validation(screen: .checkout, valid: true, firstInvalid: nil),
                focusEvent(.checkout, .phone, nil, .validation),
                .navigate(from: .checkout, to: .gift),
                .autoFocusScheduled(screen: .gift, key: .message, afterMilliseconds: 750),
            ])
        let token = try #require(session.state.pendingAutoFocus?.token)
        #expect(outcome.effects == [.scheduleAutoFocus(token: token, afterMilliseconds: 750, screen: .gift, key: .message)])
        #expect(session.state.current == .gift)
        #expect(session.focus == nil, "nothing is focused until the timer fires")
        #expect(session.snapshot.pendingAutoFocus == .message)
        #expect(session.state[.checkout]?.validation == .valid)
        #expect(session.state[.checkout]?.focus == nil)
    }

    @Test("When the timer fires the message gets focus; the same token again changes nothing")
    func autoFocusFires() throws {
        var (session, outcome) = try Self.proceededToGift()
        let fired = try session.fireScheduledAutoFocus(from: outcome.effects)
        #expect(fired.events == [focusEvent(.gift, nil, .message, .autoFocus)])
        #expect(session.focus == .message)
        #expect(session.snapshot.pendingAutoFocus == nil)
        #expect(try session.fireScheduledAutoFocus(from: outcome.effects) == .unchanged(.unchanged))
    }

    @Test("Tapping an email before the timer fires cancels the auto-focus")
    func tapCancelsAutoFocus() throws {
        var (session, outcome) = try Self.proceededToGift()
        let row = try #require(session.rows(.emails).first)
        let tap = try session.apply(.focus(.row(id: row)))
        let token = try #require(
            outcome.effects.first.flatMap { effect -> AutoFocusToken? in
                if case .scheduleAutoFocus(let token, _, _, _) = effect { return token }
                return nil
            })
        #expect(
            tap.events == [
                .autoFocusCancelled(screen: .gift, key: .message),
                focusEvent(.gift, nil, .row(id: row), .tap),
            ])
        #expect(tap.effects == [.cancelAutoFocus(token: token)])
        #expect(try session.fireScheduledAutoFocus(from: outcome.effects) == .unchanged(.unchanged))
        #expect(session.focus == .row(id: row))
    }

    @Test("Gift starts with one empty email row; Add twice gives three, each new row focused")
    func addTwoEmails() throws {
        var (session, _) = try Self.proceededToGift()
        #expect(session.rows(.emails).count == 1)
        #expect(session.screen.value(.row(id: session.rows(.emails)[0])) == "")

        let first = try session.apply(.addRow(.emails))
        let second = session.rows(.emails)[1]
        #expect(first.events.contains(.rowAdded(screen: .gift, list: .emails, row: second)))
        #expect(first.events.last == focusEvent(.gift, nil, .row(id: second), .rowAdded))
        try session.apply(.addRow(.emails))
        let rows = session.rows(.emails)
        #expect(rows.count == 3)
        #expect(session.focus == .row(id: rows[2]))
        #expect(Set(rows).count == 3, "every row has its own id")
    }

    @Test("Return moves from email to email and releases focus after the last one")
    func returnRowToRow() throws {
        var (session, _) = try Self.proceededToGift()
        try session.apply(.addRow(.emails))
        try session.apply(.addRow(.emails))
        let rows = session.rows(.emails)
        try session.apply(.focus(.row(id: rows[0])))
        try session.apply(.edit(.row(id: rows[0]), "ada@example.com"))
        try session.apply(.submit)
        #expect(session.focus == .row(id: rows[1]))
        try session.apply(.submit)
        #expect(session.focus == .row(id: rows[2]))
        try session.apply(.submit)
        #expect(session.focus == nil)
    }

    @Test("Return in the message editor is a newline, not a move")
    func returnInEditor() throws {
        var (session, outcome) = try Self.proceededToGift()
        try session.fireScheduledAutoFocus(from: outcome.effects)
        #expect(try session.apply(.submit) == .unchanged(.unchanged))
        #expect(session.focus == .message)
    }

    @Test("Send focuses the message while it is empty, then the first invalid email, then succeeds")
    func send() throws {
        var (session, _) = try Self.proceededToGift()
        try session.apply(.addRow(.emails))
        try session.apply(.addRow(.emails))
        let rows = session.rows(.emails)
        try session.apply(.edit(.row(id: rows[2]), "grace@example.com"))

        try session.apply(.validate)
        #expect(session.focus == .message)
        #expect(session.screen.errors[.message] == "Write a message to go with the gift.")
        #expect(session.screen.errors[.row(id: rows[0])] == "Enter an email address like name@example.com.")

        try session.apply(.edit(.message, "Happy birthday!\nSee you soon."))
        try session.apply(.edit(.row(id: rows[0]), "ada@example.com"))
        let second = try session.apply(.validate)
        #expect(
            second.events == [
                .validation(screen: .gift, valid: false, firstInvalid: .row(id: rows[1])),
                focusEvent(.gift, .message, .row(id: rows[1]), .validation),
            ])
        #expect(session.screen.errors.keys.sorted { $0.name < $1.name } == [.row(id: rows[1])])

        try session.apply(.edit(.row(id: rows[1]), "not an email"))
        try session.apply(.validate)
        #expect(session.screen.errors[.row(id: rows[1])] == "Enter an email address like name@example.com.")

        try session.apply(.edit(.row(id: rows[1]), "charles@example.org"))
        let success = try session.apply(.validate)
        #expect(
            success.events == [
                .validation(screen: .gift, valid: true, firstInvalid: nil),
                focusEvent(.gift, .row(id: rows[1]), nil, .validation),
            ])
        #expect(session.screen.validation == .valid)
        #expect(session.screen.errors.isEmpty)
        #expect(session.state.current == .gift, "Send stays on the gift screen")
    }

    @Test("Leaving gift before the timer fires cancels the auto-focus; coming back schedules a new one")
    func leavingCancels() throws {
        var (session, outcome) = try Self.proceededToGift()
        let leave = try session.apply(.navigate(to: .checkout))
        #expect(
            leave.events.prefix(2) == [
                .autoFocusCancelled(screen: .gift, key: .message),
                .navigate(from: .gift, to: .checkout),
            ])
        #expect(try session.fireScheduledAutoFocus(from: outcome.effects) == .unchanged(.unchanged))
        #expect(session.state[.gift]?.focus == nil)

        let back = try session.apply(.navigate(to: .gift))
        #expect(back.events.last == .autoFocusScheduled(screen: .gift, key: .message, afterMilliseconds: 750))
        #expect(back.effects != outcome.effects, "the new timer has a new token")
        try session.fireScheduledAutoFocus(from: back.effects)
        #expect(session.focus == .message)
    }
}
