extension FocusKey {
    /// The session's source as a text members edit (`"key": "source"`): no control is named so
    /// (theirs are `c0`, `c1`, …).
    public static let sourceText: FocusKey = "source"
}

extension ScreenID {
    /// The screen an edit of the source is filed under: the source belongs to no one screen.
    public static let sourceText = ScreenID(rawValue: "source")
}
