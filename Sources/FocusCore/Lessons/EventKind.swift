/// The `kind` of a focus event, as a lesson goal names it (the same spelling as
/// `FocusEvent.kind` on the wire).
public enum EventKind: String, Codable, Sendable, CaseIterable {
    case focus
    case edit
    case navigate
    /// A program session's `@State` or focus state took a new value (its screen, its name, and
    /// the value as Swift prints it).
    case state
    /// A program session set a timer (`DispatchQueue.main.asyncAfter`).
    case timerSet
    /// A program session's program started again from its start (a `restart` intent).
    case restart

    /// Whether `event` is of this kind.
    func matches(_ event: FocusEvent) -> Bool {
        rawValue == event.kind
    }
}
