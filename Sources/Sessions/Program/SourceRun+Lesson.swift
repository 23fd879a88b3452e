import FocusCore

extension SourceRun {
    /// The screen `screen` as a lesson's goals read it, with its part of the source members edit
    /// and what reading it warned about there, once it runs as written (a text still being
    /// compiled, or with errors, is no source yet); `nil` while another screen shows.
    func lessonScene(on screen: ScreenID) -> LessonScene? {
        guard screen == self.screen else { return nil }
        let lines = self.lines(of: screen)
        return LessonScene(
            focus: LessonScene.focusName(of: drawn.focusValues.map { ($0.name, $0.value) }),
            focusedField: drawn.focused?.name, rowFocused: drawn.focused?.rowID != nil, texts: drawn.texts,
            source: runsText ? Self.text(of: text, lines: lines) : nil,
            warnings: textDiagnostics.filter { $0.severity == .warning && lines.contains($0.line) }.map(\.message))
    }

    /// Whether the program has a screen of that name.
    func has(_ screen: ScreenID) -> Bool {
        interpreter.screenNames.contains(screen.rawValue)
    }

    /// The lines of `screen`'s part of the running source: from its declaration up to the next
    /// screen's, or to the end. So a lesson on one screen of a source holding several (the seed
    /// screens together) reads that screen's code, not the same words in another's.
    private func lines(of screen: ScreenID) -> Range<Int> {
        let starts = interpreter.program.screens.map(\.span.line).sorted()
        guard let start = interpreter.program.screens.first(where: { $0.name == screen.rawValue })?.span.line else {
            return 1..<Int.max
        }
        return start..<(starts.first { $0 > start } ?? Int.max)
    }

    /// The lines `lines` of `text` (from 1), joined again.
    private static func text(of text: String, lines: Range<Int>) -> String {
        guard lines != 1..<Int.max else { return text }
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = min(lines.lowerBound - 1, all.count)
        let end = min(lines.upperBound == Int.max ? all.count : lines.upperBound - 1, all.count)
        return all[first..<max(first, end)].joined(separator: "\n")
    }
}
