import FocusCore
import FocusProtocol

/// What a session runs, as a child machine of ``SessionMachine``: its SwiftUI source compiled
/// to a program (``SourceRun``). Its input is an intent, a timer or a new source, its output the
/// events (each with the line that caused it) and the timers to start.
struct SessionProgram: Sendable {
    /// The source and the program running.
    var source: SourceRun
    /// Reads a source into a program (the host's parser, memoized: the live path has compiled it
    /// off the service thread already; a restore or a rebuilt past compiles here).
    let compile: SourceCompiler

    init(source: SourceRun, compile: @escaping SourceCompiler) {
        self.source = source
        self.compile = compile
    }

    /// Applies a member's action to the program; a refused action changes nothing.
    mutating func apply(_ message: IntentMessage, splices: [TextSplice]?, ids: inout some RandomNumberGenerator)
        throws(ProtocolError) -> SourceRun.Ran
    {
        try source.apply(message.action, splices: splices, on: message.screen, seq: message.seq, ids: &ids)
    }

    mutating func fire(_ token: TimerToken, ids: inout some RandomNumberGenerator) -> SourceRun.Ran {
        source.fire(token, ids: &ids)
    }

    /// What a member's action would do, statement by statement, when Step may hold it (a tap, a
    /// Return or a focus); `nil` otherwise. Changes nothing; the ids it draws come from a copy.
    func trace(_ message: IntentMessage, ids: some RandomNumberGenerator) -> ProgramTrace? {
        source.trace(message.action, on: message.screen, ids: ids, keeping: Stepping.statementLimit)
    }

    /// What a program timer would run, statement by statement. Changes nothing.
    func trace(timer token: TimerToken, ids: some RandomNumberGenerator) -> ProgramTrace? {
        source.trace(timer: token, ids: ids, keeping: Stepping.statementLimit)
    }

    /// `text` is the session's source from now on, compiled: its diagnostics are shown, and
    /// without errors it runs, keeping what its values and focus can keep (with errors the last
    /// good program runs on). `nil` when `text` is the source already, and already compiled.
    mutating func checkSource(_ text: String, ids: inout some RandomNumberGenerator) -> SourceRun.Ran? {
        if source.text == text, source.textChecked { return nil }
        let old = source.text
        var ran = source.check(compile(text), ids: &ids)
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

    /// The text of a field a splice is about to change.
    func text(of key: FocusKey, seq: Int) throws(ProtocolError) -> String {
        try source.text(of: key, seq: seq)
    }

    /// The screen a lesson runs on as its goals read it after a change: `nil` while another shows.
    func lessonScene(on screen: ScreenID) -> LessonScene? {
        source.lessonScene(on: screen)
    }

    /// Whether the program has a screen called `screen`.
    func has(_ screen: ScreenID) -> Bool {
        source.has(screen)
    }

    /// The screen showing now.
    var currentScreen: ScreenID { source.screen }

    /// The session's program as snapshots carry it (without Step, which the session adds).
    func snapshot() -> SessionSnapshot {
        SessionSnapshot(screen: source.screen, program: source.snapshot)
    }
}

/// Reads a SwiftUI source into a program and its diagnostics. Pure: the same source always gives
/// the same result, so a session rebuilt from its records runs what it ran.
public typealias SourceCompiler = @Sendable (String) -> CompiledSource
