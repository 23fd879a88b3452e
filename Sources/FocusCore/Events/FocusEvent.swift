/// Something that happened while an intent was applied. FocusProtocol gives it its wire shape
/// (`{"kind":"focus","screen":"gift","from":null,"to":"message","cause":"autoFocus"}`).
public enum FocusEvent: Equatable, Sendable {
    /// Focus moved from one value to another.
    case focus(screen: ScreenID, from: FocusKey?, to: FocusKey?, cause: FocusCause)
    /// A field's text changed: these splices, applied in order, turn the old text into the new
    /// (UTF-16 offsets), so every client can apply the change to its copy and merge its own typing.
    case edit(screen: ScreenID, key: FocusKey, ops: [TextSplice])
    /// The screen was validated; `firstInvalid` is the first field (in screen order) with an error.
    case validation(screen: ScreenID, valid: Bool, firstInvalid: FocusKey?)
    /// A row was appended to a list.
    case rowAdded(screen: ScreenID, list: ListID, row: RowID)
    /// A row was taken out of a list.
    case rowRemoved(screen: ScreenID, list: ListID, row: RowID)
    /// Another screen is showing.
    case navigate(from: ScreenID, to: ScreenID)
    /// The screen will focus `key` after a delay, unless something cancels it first.
    case autoFocusScheduled(screen: ScreenID, key: FocusKey, afterMilliseconds: Int)
    /// A scheduled auto-focus will not happen.
    case autoFocusCancelled(screen: ScreenID, key: FocusKey)
    /// Session settings changed; the patch holds the switches that changed.
    case settings(SettingsPatch)
    /// A source's `@State` or `@FocusState` property took a new value, printed as Swift would.
    case state(screen: ScreenID, name: String, value: String)
    /// A source's action set a timer (`asyncAfter`, `Task.sleep`) that runs the rest later.
    case timerSet(screen: ScreenID, afterMilliseconds: Int)
    /// A source's program started again from its start on `screen` (its first): every value
    /// initial, no timer pending; the events after it are the screen appearing again.
    case restart(screen: ScreenID)

    /// The one screen the event happened on; nil for a navigation (it names two) and for
    /// settings (they apply to every screen).
    public var screen: ScreenID? {
        switch self {
        case .focus(let screen, _, _, _), .edit(let screen, _, _), .validation(let screen, _, _),
            .rowAdded(let screen, _, _), .rowRemoved(let screen, _, _), .autoFocusScheduled(let screen, _, _),
            .autoFocusCancelled(let screen, _), .state(let screen, _, _), .timerSet(let screen, _), .restart(let screen):
            screen
        case .navigate, .settings:
            nil
        }
    }

    /// The event's `kind` on the wire.
    public var kind: String {
        switch self {
        case .focus: "focus"
        case .edit: "edit"
        case .validation: "validation"
        case .rowAdded: "rowAdded"
        case .rowRemoved: "rowRemoved"
        case .navigate: "navigate"
        case .autoFocusScheduled: "autoFocusScheduled"
        case .autoFocusCancelled: "autoFocusCancelled"
        case .settings: "settings"
        case .state: "state"
        case .timerSet: "timerSet"
        case .restart: "restart"
        }
    }
}
