import FocusCore
import Testing

/// Validation on every screen with fields to check, one invalid field at a time.
@Suite("Every screen: validation")
struct ScreenValidationTests {
    /// One field made invalid while every other field is valid.
    struct InvalidField: Sendable, CustomTestStringConvertible {
        let screen: ScreenID
        /// Picks the field from the screen (row fields depend on the rows' ids).
        let key: @Sendable (ScreenState) -> FocusKey
        let text: String
        let error: String

        var testDescription: String { "\(screen) with '\(text.prefix(20))'" }
    }

    static let invalidFields: [InvalidField] = [
        InvalidField(screen: .checkout, key: { _ in .name }, text: "", error: "Enter the recipient's name."),
        InvalidField(screen: .checkout, key: { _ in .name }, text: "   ", error: "Enter the recipient's name."),
        InvalidField(
            screen: .checkout, key: { _ in .name }, text: String(repeating: "a", count: 101),
            error: "Shorten this to at most 100 characters (it has 101)."
        ),
        InvalidField(screen: .checkout, key: { _ in .address }, text: "", error: "Enter a street address."),
        InvalidField(
            screen: .checkout, key: { _ in .phone }, text: "",
            error: "Enter a phone number so the courier can call."
        ),
        InvalidField(
            screen: .checkout, key: { _ in .phone }, text: "12 34",
            error:
                "Enter a phone number of 7 to 15 digits, like +44 20 7946 0000; only +, spaces, dashes and parentheses may go with the digits."
        ),
        InvalidField(screen: .gift, key: { _ in .message }, text: "", error: "Write a message to go with the gift."),
        InvalidField(
            screen: .gift, key: { .row(id: $0.rows(in: .emails)[0]) }, text: "",
            error: "Enter an email address like name@example.com."
        ),
        InvalidField(
            screen: .gift, key: { .row(id: $0.rows(in: .emails)[1]) }, text: "ada@",
            error: "Enter an email address like name@example.com."
        ),
    ]

    /// Valid text for every field of the screens with rules.
    static func fillValid(_ session: inout TestSession) throws {
        switch session.state.current {
        case .checkout:
            try session.apply(.edit(.name, "Ada Lovelace"))
            try session.apply(.edit(.address, "12 St James's Square"))
            try session.apply(.edit(.phone, "+44 20 7946 0000"))
        case .gift:
            try session.apply(.edit(.message, "Happy birthday"))
            for (index, row) in session.rows(.emails).enumerated() {
                try session.apply(.edit(.row(id: row), "friend\(index)@example.com"))
            }
        default:
            break
        }
    }

    @Test("Validate focuses the one invalid field and files its error", arguments: invalidFields)
    func singleInvalidField(field: InvalidField) throws {
        var session = try TestSession(on: field.screen)
        if field.screen == .gift { try session.apply(.addRow(.emails)) }
        try Self.fillValid(&session)
        try session.apply(.focus(nil))
        let key = field.key(session.screen)
        try session.apply(.edit(key, field.text))

        let outcome = try session.apply(.validate)
        #expect(
            outcome.events == [
                .validation(screen: field.screen, valid: false, firstInvalid: key),
                focusEvent(field.screen, nil, key, .validation),
            ])
        #expect(session.focus == key)
        #expect(session.screen.errors == [key: field.error])
        #expect(session.screen.validation == .invalid)
    }

    @Test(
        "Validate on a screen with no invalid field releases focus and reports success",
        arguments: ScreenExpectation.all)
    func allValid(expectation: ScreenExpectation) throws {
        var session = try TestSession(on: expectation.screen)
        try Self.fillValid(&session)
        let first = try #require(expectation.chain(session.screen).first)
        try session.apply(.focus(first))
        let outcome = try session.apply(.validate)
        #expect(
            outcome.events.prefix(2) == [
                .validation(screen: expectation.screen, valid: true, firstInvalid: nil),
                focusEvent(expectation.screen, first, nil, .validation),
            ])
        #expect(session.state[expectation.screen]?.validation == .valid)
        #expect(session.state[expectation.screen]?.errors.isEmpty == true)
    }
}
