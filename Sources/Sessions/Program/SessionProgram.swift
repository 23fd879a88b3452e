import FocusCore
import FocusProtocol

/// What a session runs, as a child machine of ``SessionMachine``: the built-in screens (the
/// engine) and their state, with the task notes rendered from it, or the session's own SwiftUI
/// source compiled to a program (``SourceRun``). Its input is an intent, its output the outcome
/// FocusCore gives: events, effects, or why nothing changed.
struct SessionProgram: Sendable {
    let engine: FocusEngine
    private(set) var state: SessionState
    let notes: RenderedNotes
    /// The session's own source, running; while it is set, the built-in screens are not shown.
    var source: SourceRun?
    /// Reads a source into a program (the host's parser, memoized: the live path has compiled it
    /// off the service thread already; a restore or a rebuilt past compiles here).
    let compile: SourceCompiler

    init(
        engine: FocusEngine, state: SessionState, renderNotes: @escaping @Sendable (String) -> String,
        compile: @escaping SourceCompiler
    ) {
        self.engine = engine
        self.state = state
        notes = RenderedNotes(render: renderNotes)
        self.compile = compile
    }

    /// Applies `intent`, sent from `screen`; a refused intent leaves the state as it was.
    mutating func apply(_ intent: Intent, on screen: ScreenID, ids: inout some RandomNumberGenerator) throws(FocusError)
        -> Outcome
    {
        try engine.apply(intent, on: screen, to: &state, ids: &ids)
    }

    /// Applies a member's action to the session's own program; `nil` when it runs none.
    mutating func applyToSource(_ message: IntentMessage, splices: [TextSplice]?, ids: inout some RandomNumberGenerator)
        throws(ProtocolError) -> SourceRun.Ran?
    {
        try source?.apply(message.action, splices: splices, on: message.screen, seq: message.seq, ids: &ids)
    }

    mutating func fireSourceTimer(_ token: TimerToken, ids: inout some RandomNumberGenerator) -> SourceRun.Ran {
        source?.fire(token, ids: &ids) ?? SourceRun.Ran()
    }

    /// `text` is the session's source from now on, compiled: its diagnostics are shown, and
    /// without errors it runs, keeping what its values and focus can keep (with errors the last
    /// good program runs on). A session on the built-in screens starts running it. `nil` when
    /// `text` is the source already, and already compiled.
    /// - Throws: `bad_source` when a session on the built-in screens is given a text with errors
    ///   (the live path checked it first).
    mutating func checkSource(_ text: String, ids: inout some RandomNumberGenerator) throws(ProtocolError)
        -> SourceRun.Ran?
    {
        if let current = source, current.text == text, current.textChecked { return nil }
        let compiled = compile(text)
        if let old = source?.text {
            var ran = source!.check(compiled, ids: &ids)
            // A text put in place of the one members edit (`PUT …/source`) is an edit of it, as
            // theirs are: without the event the field's history would not hold it, and the next
            // splice of the source would be rebased for a text of another length (a precondition
            // failure), while the pages' copies of the text would miss it.
            if old != text {
                ran.events.insert(.edit(screen: .sourceText, key: .sourceText, ops: [TextSplice(from: old, to: text)]), at: 0)
                ran.lines.insert(nil, at: 0)
            }
            return ran
        }
        guard compiled.program != nil else {
            throw ProtocolError(.badSource, "The source has errors; the program that runs stays as it was.")
        }
        var ran = SourceRun.Ran()
        source = SourceRun(compiled, ids: &ids, ran: &ran)
        return ran
    }

    mutating func fireAutoFocus(_ token: AutoFocusToken) -> Outcome {
        engine.fireAutoFocus(token, in: &state)
    }

    mutating func configure(_ patch: SettingsPatch) -> Outcome {
        engine.configure(patch, in: &state)
    }

    /// The text of a field a splice is about to change (see ``FocusEngine/text(of:on:in:)``).
    func text(of key: FocusKey, on screen: ScreenID, seq: Int) throws(ProtocolError) -> String {
        if let source { return try source.text(of: key, seq: seq) }
        do {
            return try engine.text(of: key, on: screen, in: state)
        } catch {
            throw ProtocolError(error, seq: seq)
        }
    }

    /// The UTF-16 length of a field's text now, 0 for a field that has none.
    func textLength(of key: FocusKey, on screen: ScreenID) -> Int {
        if let source { return source.textLength(of: key) }
        return (state[screen]?.values[key] ?? "").utf16Length
    }

    func snapshot(of screen: ScreenID) throws(FocusError) -> ScreenSnapshot {
        try engine.snapshot(of: screen, in: state)
    }

    /// The screen a lesson runs on as its goals read it after a change: the program's while it
    /// shows that screen (`nil` otherwise), or the built-in screen's snapshot.
    func lessonScene(on screen: ScreenID) throws(FocusError) -> LessonScene? {
        if let source { return source.lessonScene(on: screen) }
        return LessonScene(try snapshot(of: screen))
    }

    /// Whether the session can show `screen`: a view of its own program, or a built-in screen.
    func has(_ screen: ScreenID) -> Bool {
        source.map { $0.has(screen) } ?? (engine.schema.screen(screen) != nil)
    }

    /// The screen showing now.
    var currentScreen: ScreenID { source?.screen ?? state.current }

    /// Every screen as snapshots carry it, task notes rendered; or the session's own program.
    func snapshot() -> SessionSnapshot {
        if let source {
            return SessionSnapshot(screen: source.screen, settings: state.settings, screens: [:], program: source.snapshot)
        }
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

/// Reads a SwiftUI source into a program and its diagnostics. Pure: the same source always gives
/// the same result, so a session rebuilt from its records runs what it ran.
public typealias SourceCompiler = @Sendable (String) -> CompiledSource

/// Compilers a session can be made with.
public enum SourceCompilers {
    /// For a host without the Swift parser (and tests of the built-in screens): every source is
    /// refused, so a session with a source cannot be made or restored there.
    public static let none: SourceCompiler = { source in
        CompiledSource(
            source: source, program: nil,
            diagnostics: [
                SourceDiagnostic(
                    line: 1, column: 1, severity: .error, message: "This server was built without the Swift parser.")
            ])
    }
}
