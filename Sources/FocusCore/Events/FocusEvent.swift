/// Something that happened while an intent was applied. FocusProtocol gives it its wire shape
/// (`{"kind":"focus","screen":"gift","from":null,"to":"message","cause":"autoFocus"}`).
public enum FocusEvent: Equatable, Sendable {
    /// Focus moved from one value to another.
    case focus(screen: ScreenID, from: FocusKey?, to: FocusKey?, cause: FocusCause)
    /// A field's text changed: these splices, applied in order, turn the old text into the new
    /// (UTF-16 offsets), so every client can apply the change to its copy and merge its own typing.
    case edit(screen: ScreenID, key: FocusKey, ops: [TextSplice])
    /// Another screen is showing.
    case navigate(from: ScreenID, to: ScreenID)
    /// A source's `@State` or `@FocusState` property took a new value, printed as Swift would.
    case state(screen: ScreenID, name: String, value: String)
    /// A source's action set a timer (`asyncAfter`, `Task.sleep`) that runs the rest later.
    case timerSet(screen: ScreenID, afterMilliseconds: Int)
    /// A source's program started again from its start on `screen` (its first): every value
    /// initial, no timer pending; the events after it are the screen appearing again.
    case restart(screen: ScreenID)

    /// The one screen the event happened on; nil for a navigation (it names two).
    public var screen: ScreenID? {
        switch self {
        case .focus(let screen, _, _, _), .edit(let screen, _, _), .state(let screen, _, _), .timerSet(let screen, _),
            .restart(let screen):
            screen
        case .navigate:
            nil
        }
    }

    /// The event's `kind` on the wire.
    public var kind: String {
        switch self {
        case .focus: "focus"
        case .edit: "edit"
        case .navigate: "navigate"
        case .state: "state"
        case .timerSet: "timerSet"
        case .restart: "restart"
        }
    }
}
