import FocusCore
import TestSupport
import Testing

@Suite("Keyboard dips")
struct KeyboardDipTests {
    static let profile: ScreenID = "ProfileForm"
    static let checkout: ScreenID = "CheckoutForm"

    static func focus(_ screen: ScreenID, _ from: FocusKey?, _ to: FocusKey?) -> FocusEvent {
        .focus(screen: screen, from: from, to: to, cause: .submit)
    }

    @Test("A move from a field through nil straight on to another field is one dip on its screen")
    func animatedMoveDips() {
        let events = [Self.focus(Self.profile, "firstName", nil), Self.focus(Self.profile, nil, "lastName")]
        #expect(FocusEvent.keyboardDips(in: events) == [Self.profile])
    }

    @Test("Into a field, out of one, or straight from one to another, the keyboard does not dip")
    func otherMovesDoNotDip() {
        #expect(FocusEvent.keyboardDips(in: [Self.focus(Self.profile, nil, "firstName")]) == [])
        #expect(FocusEvent.keyboardDips(in: [Self.focus(Self.profile, "firstName", "lastName")]) == [])
        #expect(FocusEvent.keyboardDips(in: [Self.focus(Self.profile, "lastName", nil)]) == [])
        let released = [Self.focus(Self.profile, "firstName", nil), Self.focus(Self.profile, "lastName", nil)]
        #expect(FocusEvent.keyboardDips(in: released) == [])
    }

    @Test("Out of a field on one screen and into one on another is no dip")
    func screensAreApart() {
        let events: [FocusEvent] = [
            .focus(screen: Self.profile, from: "firstName", to: nil, cause: .tap),
            .focus(screen: Self.checkout, from: nil, to: "name", cause: .autoFocus),
        ]
        #expect(FocusEvent.keyboardDips(in: events) == [])
    }

    @Test("Each screen dips once however often it dips in one change, in the order they first dip")
    func eachScreenOnce() {
        let events = [
            Self.focus(Self.checkout, "name", nil), Self.focus(Self.checkout, nil, "address"),
            Self.focus(Self.profile, "firstName", nil), Self.focus(Self.profile, nil, "lastName"),
            Self.focus(Self.checkout, "address", nil), Self.focus(Self.checkout, nil, "phone"),
        ]
        #expect(FocusEvent.keyboardDips(in: events) == [Self.checkout, Self.profile])
    }
}
