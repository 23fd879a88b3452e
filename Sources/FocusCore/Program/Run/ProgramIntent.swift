/// What a person (or the host's clock) asks a running program to do.
public enum ProgramIntent: Equatable, Sendable, Codable {
    /// A tap on this control (a field takes focus; a button runs its action; a toggle flips), or
    /// on nothing (`nil`: focus leaves every field).
    case tap(ControlKey?)
    /// Focus on this field, or on none, without a tap's action (a click into a field).
    case focus(ControlKey?)
    /// New text for this field.
    case edit(ControlKey, String)
    /// Return in the focused field.
    case submit
    /// The keyboard's dismiss key: focus leaves the focused field, as the system ends editing and
    /// SwiftUI writes `nil` through the field's `.focused` binding (nothing when no field has focus).
    case dismiss
    /// A timer the program set went off.
    case timerFired(TimerToken)
    /// Show the screen at this index (the session's screen switch); it appears.
    case show(screen: Int)
}

/// Names one pending timer (`asyncAfter`, a `Task.sleep`) of a run.
public struct TimerToken: Hashable, Sendable, Codable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}
