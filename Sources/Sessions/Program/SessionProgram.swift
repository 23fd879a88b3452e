import FocusCore

/// What a session runs, as a child machine of ``SessionMachine``: its screens (the engine) and
/// their state, with the task notes rendered from it. Its input is an intent, its output the
/// outcome FocusCore gives: events, effects, or why nothing changed. A session's own SwiftUI
/// source, compiled to a program, moves in here.
struct SessionProgram: Sendable {
    let engine: FocusEngine
    private(set) var state: SessionState
    let notes: RenderedNotes

    init(engine: FocusEngine, state: SessionState, renderNotes: @escaping @Sendable (String) -> String) {
        self.engine = engine
        self.state = state
        notes = RenderedNotes(render: renderNotes)
    }

    /// Applies `intent`, sent from `screen`; a refused intent leaves the state as it was.
    mutating func apply(_ intent: Intent, on screen: ScreenID, ids: inout some RandomNumberGenerator) throws(FocusError)
        -> Outcome
    {
        try engine.apply(intent, on: screen, to: &state, ids: &ids)
    }

    mutating func fireAutoFocus(_ token: AutoFocusToken) -> Outcome {
        engine.fireAutoFocus(token, in: &state)
    }

    mutating func configure(_ patch: SettingsPatch) -> Outcome {
        engine.configure(patch, in: &state)
    }

    /// The text of a field a splice is about to change (see ``FocusEngine/text(of:on:in:)``).
    func text(of key: FocusKey, on screen: ScreenID) throws(FocusError) -> String {
        try engine.text(of: key, on: screen, in: state)
    }

    func snapshot(of screen: ScreenID) throws(FocusError) -> ScreenSnapshot {
        try engine.snapshot(of: screen, in: state)
    }

    /// Every screen as snapshots carry it, task notes rendered.
    func snapshot() -> SessionSnapshot {
        var snapshot = engine.snapshot(of: state)
        for screen in engine.schema.screens {
            if let html = notesHTML(of: screen.id) { snapshot.screens[screen.id]?.notesHTML = html }
        }
        return snapshot
    }

    /// Rendered Markdown of the list on `screen` that previews it, if any.
    func notesHTML(of screen: ScreenID) -> [RowID: String]? {
        guard let declaration = engine.schema.screen(screen), let screenState = state[screen],
            let list = declaration.lists.first(where: { $0.markdownPreview != nil }), let preview = list.markdownPreview
        else { return nil }
        return notes.html(for: screenState.rows(in: list.id)) { screenState.value(FocusKey(preview, id: $0)) }
    }

    /// The timer of an auto-focus that is pending, after a restore.
    var pendingAutoFocus: (token: AutoFocusToken, milliseconds: Int)? {
        guard let pending = state.pendingAutoFocus,
            let delay = engine.schema.screen(pending.screen)?.appearFocus?.afterMilliseconds
        else { return nil }
        return (pending.token, delay)
    }
}
