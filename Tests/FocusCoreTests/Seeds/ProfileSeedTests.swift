import FocusCore
import Testing

/// Seed 000: a first and last name form, its Return chain, its keyboard toolbar, and the
/// keyboard dip that `withTransaction(Transaction(animation: nil))` removes.
@Suite("Seed 000: profile form")
struct ProfileSeedTests {
    @Test("Return moves First Name → Last Name, then Done releases focus")
    func returnChain() throws {
        var session = TestSession()
        #expect(session.state.current == .profile)
        #expect(session.focus == nil)

        try session.apply(.focus(.firstName))
        #expect(session.focus == .firstName)
        try session.apply(.edit(.firstName, "Ada"))
        #expect(session.screen.value(.firstName) == "Ada")

        let toLast = try session.apply(.submit)
        #expect(session.focus == .lastName)
        #expect(toLast.events == [focusEvent(.profile, .firstName, .lastName, .submit)])

        try session.apply(.edit(.lastName, "Lovelace"))
        let release = try session.apply(.submit)
        #expect(session.focus == nil)
        #expect(release.events == [focusEvent(.profile, .lastName, nil, .submit)])
        #expect(session.screen.values == [.firstName: "Ada", .lastName: "Lovelace"])
        #expect(session.screen.errors.isEmpty)

        #expect(try session.apply(.submit) == .unchanged(.unchanged), "Return with no keyboard does nothing")
    }

    @Test("The toolbar's Previous and Next move between the two fields and stop at the ends")
    func toolbar() throws {
        var session = TestSession()
        try session.apply(.focus(.firstName))
        #expect(try session.apply(.previous) == .unchanged(.toolbarAtEnd))
        #expect(session.focus == .firstName)

        let next = try session.apply(.next)
        #expect(next.events == [focusEvent(.profile, .firstName, .lastName, .toolbar)])
        #expect(session.focus == .lastName)
        #expect(try session.apply(.next) == .unchanged(.toolbarAtEnd))

        try session.apply(.previous)
        #expect(session.focus == .firstName)
    }

    @Test("With nothing focused, Next focuses the first field and Previous the last")
    func toolbarFromNothing() throws {
        var session = TestSession()
        try session.apply(.next)
        #expect(session.focus == .firstName)
        try session.apply(.focus(nil))
        try session.apply(.previous)
        #expect(session.focus == .lastName)
    }

    @Test("A field-to-field move is one event; with animatedFocusChange the keyboard dips through nil")
    func keyboardDip() throws {
        var atomic = TestSession()
        try atomic.apply(.focus(.firstName))
        #expect(try atomic.apply(.submit).events == [focusEvent(.profile, .firstName, .lastName, .submit)])

        var animated = try TestSession(on: .profile, settings: SettingsPatch(animatedFocusChange: true))
        let tap = try animated.apply(.focus(.firstName))
        #expect(tap.events == [focusEvent(.profile, nil, .firstName, .tap)], "a move from nil is always one event")
        let dip = try animated.apply(.submit)
        #expect(
            dip.events == [
                focusEvent(.profile, .firstName, nil, .submit),
                focusEvent(.profile, nil, .lastName, .submit),
            ])
        #expect(animated.focus == .lastName)
        let release = try animated.apply(.submit)
        #expect(release.events == [focusEvent(.profile, .lastName, nil, .submit)], "a move to nil is always one event")
    }

    @Test("Tapping the focused field again, or nothing when nothing is focused, changes nothing")
    func repeatedTaps() throws {
        var session = TestSession()
        #expect(try session.apply(.focus(nil)) == .unchanged(.unchanged))
        try session.apply(.focus(.lastName))
        #expect(try session.apply(.focus(.lastName)) == .unchanged(.unchanged))
        #expect(try session.apply(.edit(.lastName, "")) == .unchanged(.unchanged))
    }

    @Test("A key from another screen is unknown here and changes nothing")
    func foreignKey() throws {
        var session = TestSession()
        let before = session.state
        #expect(throws: FocusError.unknownKey("address", screen: .profile)) {
            try session.apply(.focus(.address))
        }
        #expect(session.state == before)
    }
}
