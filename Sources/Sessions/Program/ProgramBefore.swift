import FocusCore

/// The parts of a session's program that a change is compared against once it is applied: the
/// update's merge patch (``SourceRun/patch(since:)``), the lengths the text histories and the
/// carets transform from, and the run, for a change that told of nothing. Taken before every
/// change instead of a copy of the whole program, whose interpreter, layout and compiled source
/// a change never reads again: copying them touched every one of their objects on the way in
/// and again on the way out, a tenth of an intent's cost with a hundred sessions.
struct ProgramBefore: Sendable {
    let text: String
    let textDiagnostics: [SourceDiagnostic]
    let textHighlights: SourceHighlights
    /// The source the program that ran was compiled from.
    let compiledSource: String
    let run: ProgramRun
    let drawn: DrawnScreen
    /// The text fields of `drawn` and their texts.
    let drawnTexts: [FocusKey: String]
    /// The screen showing.
    let screen: ScreenID

    /// Whether the program that ran was the one `text` says.
    var runsText: Bool { text == compiledSource }

    /// The UTF-16 length of a field's text then, 0 for a field that had none (a field of a
    /// screen not showing, whose page copy starts from empty when it comes).
    func textLength(of key: FocusKey, on screen: ScreenID) -> Int {
        if key == .sourceText { return text.utf16Length }
        return screen == self.screen ? (drawnTexts[key] ?? "").utf16Length : 0
    }
}
