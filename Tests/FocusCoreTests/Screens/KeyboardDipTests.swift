import FocusCore
import Testing

/// When the on-screen keyboard dips: the server says so in an update's `keyboardDips`.
@Suite("Keyboard dips")
struct KeyboardDipTests {
    @Test("An animated move from field to field passes through nil, and the keyboard dips")
    func animatedMoveDips() throws {
        var session = try TestSession(on: .profile, settings: SettingsPatch(animatedFocusChange: true))
        try session.apply(.focus(.firstName))
        let move = try session.apply(.submit)
        #expect(move.events.count == 2)
        #expect(FocusEvent.keyboardDips(in: move.events) == [.profile])
    }

    @Test("Without animation, into a field or out of one, the keyboard does not dip")
    func otherMovesDoNotDip() throws {
        var session = try TestSession(on: .profile)
        let tap = try session.apply(.focus(.firstName))
        #expect(FocusEvent.keyboardDips(in: tap.events) == [])
        let move = try session.apply(.submit)
        #expect(FocusEvent.keyboardDips(in: move.events) == [])
        let release = try session.apply(.focus(nil))
        #expect(FocusEvent.keyboardDips(in: release.events) == [])
    }

    @Test("Out of a field on one screen and into one on another is no dip")
    func twoScreensDoNotDip() {
        let events: [FocusEvent] = [
            .focus(screen: .profile, from: .firstName, to: nil, cause: .tap),
            .focus(screen: .checkout, from: nil, to: .name, cause: .autoFocus),
        ]
        #expect(FocusEvent.keyboardDips(in: events) == [])
    }
}
