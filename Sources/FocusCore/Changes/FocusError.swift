/// Why an intent was rejected. A rejected intent leaves the session state untouched.
///
/// Each case carries what a person needs to put it right (`message`); the protocol layer maps
/// each case to its wire code.
public enum FocusError: Error, Equatable, Sendable {
    /// `unknown_screen`: no screen has this name.
    case unknownScreen(String)
    /// `unknown_key`: the text is not a key, or no field on `screen` is bound to it.
    case unknownKey(String, screen: ScreenID?)
    /// `not_current_screen`: the intent names a screen other than the current one.
    case notCurrentScreen(ScreenID, current: ScreenID)
    /// `value_too_long`: an edit longer than the limit.
    case valueTooLong(key: FocusKey, length: Int, limit: Int)
    /// `value_too_long`: the edit would take the session past its total text budget.
    case sessionTextFull(limit: Int)
    /// `bad_splice` or `stale_base`: a splice that cannot be applied to the field's text.
    case splice(SpliceError)
    /// `stepping`: an action is held while `by` steps through it (Step); `yours` when the intent
    /// comes from the one stepping.
    case stepping(by: String, yours: Bool)

    /// What went wrong and what to do about it, in a sentence a person can act on.
    public var message: String {
        switch self {
        case .unknownScreen(let name):
            "There is no screen called '\(name)'."
        case .unknownKey(let key, let screen?):
            "The \(screen) screen has no field bound to '\(key)'."
        case .unknownKey(let key, nil):
            "'\(key)' is not a focus key; use a name like 'lastName' or 'row/<UUID>'."
        case .notCurrentScreen(let screen, let current):
            "This is meant for the \(screen) screen, but \(current) is showing; navigate to \(screen) first."
        case .valueTooLong(let key, let length, let limit):
            "The text for '\(key.name)' is \(length) characters long; shorten it to at most \(limit)."
        case .sessionTextFull(let limit):
            "The session would hold more than \(limit) bytes of text, its limit; shorten or clear another field first."
        case .splice(let error):
            error.message
        case .stepping(_, yours: true):
            "You are stepping through an action: step Forward to its end, Finish it or turn Step off first."
        case .stepping(let name, yours: false):
            "\(name) is stepping through an action; the session changes again once it finishes."
        }
    }
}

extension FocusError: CustomStringConvertible {
    public var description: String { message }
}
