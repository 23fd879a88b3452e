import FocusCore

/// A text field of a session: its screen and the key its text is filed under. Written
/// `screen/key` (`profile/firstName`, `tasks/notes/6F1C…`) where it names a field on the wire.
struct FieldName: Hashable, Sendable, CustomStringConvertible {
    let screen: ScreenID
    let key: FocusKey

    init(_ screen: ScreenID, _ key: FocusKey) {
        self.screen = screen
        self.key = key
    }

    /// The field an intent's `key` names on `screen`: the session's source (`source/source`)
    /// whatever screen shows, else that screen's field.
    init(intentOn screen: ScreenID, _ key: FocusKey) {
        self.init(key == .sourceText ? .sourceText : screen, key)
    }

    var description: String { screen.rawValue + "/" + key.name }
}
