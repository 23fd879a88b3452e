/// Why focus moved.
public enum FocusCause: String, Codable, Sendable, CaseIterable {
    /// A tap on a field, or on nothing.
    case tap
    /// Return in the focused field.
    case submit
    /// The keyboard toolbar's Previous or Next.
    case toolbar
    /// Validation focusing the first invalid field, or releasing focus when all are valid.
    case validation
    /// The screen focusing a field on its own when it appears (at once, or when its timer fires).
    case autoFocus
    /// A new row's first field taking focus.
    case rowAdded
    /// The focused row going away.
    case rowRemoved
    /// Leaving the screen.
    case navigation
    /// A settings change rebinding the field that had focus, so no field is bound to the focus
    /// value any more and SwiftUI resets it to `nil`.
    case binding
}
