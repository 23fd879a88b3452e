import FocusCore

extension SourceRun {
    /// The screen `screen` as a lesson's goals read it, with the source members edit and what
    /// reading it warned about once it runs as written (a text still being compiled, or with
    /// errors, is no source yet); `nil` while another screen shows.
    func lessonScene(on screen: ScreenID) -> LessonScene? {
        guard screen == self.screen else { return nil }
        return LessonScene(
            focus: LessonScene.focusName(of: drawn.focusValues.map { ($0.name, $0.value) }),
            focusedField: drawn.focused?.name, rowFocused: drawn.focused?.rowID != nil, texts: drawn.texts,
            source: runsText ? text : nil,
            warnings: textDiagnostics.filter { $0.severity == .warning }.map(\.message))
    }

    /// Whether the program has a screen of that name.
    func has(_ screen: ScreenID) -> Bool {
        interpreter.screenNames.contains(screen.rawValue)
    }
}
