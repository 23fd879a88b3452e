/// Why focus moved.
public enum FocusCause: String, Codable, Sendable, CaseIterable {
    /// A tap on a field or a control, or on nothing.
    case tap
    /// Return in the focused field.
    case submit
    /// The screen focusing a field on its own when it appears (at once, or when its timer fires).
    case autoFocus
    /// The focused row going away (its field is no longer drawn).
    case rowRemoved
    /// Leaving the screen.
    case navigation
    /// The program setting a focus state (`focusedField = .password`), in an action or a timer.
    case binding
    /// The keyboard's dismiss key (Escape in a field of the page's phone): the system ends
    /// editing, and SwiftUI writes `nil` (or `false`) through the field's `.focused` binding.
    case dismiss
}
