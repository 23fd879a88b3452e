import FocusCore
import TestSupport
import Testing

/// A lesson driven as the server will drive it: each intent goes through the real FocusEngine,
/// each applied change's events and the snapshot after it go to the checker, and a step's
/// settings are configured as the step begins (that change is the lesson's own, not observed).
struct LessonWalk {
    /// An intent the engine applied without changing anything: a walk only plays real changes.
    struct Unchanged: Error {
        let intent: Intent
    }

    let engine = FocusEngine()
    let lesson: Lesson
    private(set) var state: SessionState
    private(set) var progress: LessonProgress
    private var ids = SplitMix64(seed: 11)
    /// The auto-focus timer the engine asked for and has not cancelled.
    private var timer: AutoFocusToken?

    /// A new session, shown on `screen` if given, with the lesson started at `step`.
    init(_ lesson: Lesson, at step: Int = 0, on screen: ScreenID? = nil) throws {
        self.lesson = lesson
        let start = engine.start(ids: &ids)
        state = start.state
        progress = try LessonCatalogue.seeds.progress(lesson.id, at: step)
        run(start.effects)
        if let screen {
            run(try engine.apply(.navigate(to: screen), on: state.current, to: &state, ids: &ids).effects)
        }
        try beginStep()
    }

    /// The rows of `list` on the lesson's screen, in order.
    func rows(_ list: ListID) -> [RowID] {
        state[lesson.screen]?.rows(in: list) ?? []
    }

    /// Applies `intent` on the current screen, observes the change, and checks that the
    /// progress moved as `verdict` says: on by one step (or complete) when passed, the hint
    /// showing after a wrong move, nothing changed when neutral.
    mutating func play(
        _ intent: Intent, expecting verdict: LessonVerdict, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let outcome = try engine.apply(intent, on: state.current, to: &state, ids: &ids)
        guard case .applied(let events, let effects) = outcome else { throw Unchanged(intent: intent) }
        run(effects)
        try observe(events, expecting: verdict, sourceLocation: sourceLocation)
    }

    /// Fires the pending auto-focus timer, as the server does when it goes off.
    mutating func fireTimer(expecting verdict: LessonVerdict, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let token = try #require(timer, "no auto-focus timer is pending", sourceLocation: sourceLocation)
        try play(.autoFocusFired(token), expecting: verdict, sourceLocation: sourceLocation)
    }

    private mutating func observe(
        _ events: [FocusEvent], expecting verdict: LessonVerdict, sourceLocation: SourceLocation
    ) throws {
        let before = progress
        let screen = try engine.snapshot(of: lesson.screen, in: state)
        let actual = progress.observe(events: events, after: LessonScene(screen), in: lesson)
        #expect(actual == verdict, "step \(before.step): \(events)", sourceLocation: sourceLocation)
        switch actual {
        case .passed:
            let last = before.step == lesson.steps.count - 1
            #expect(progress.step == (last ? before.step : before.step + 1), sourceLocation: sourceLocation)
            #expect(progress.complete == last && !progress.hint, sourceLocation: sourceLocation)
            if !progress.complete { try beginStep() }
        case .wrongMove:
            #expect(progress.step == before.step && progress.hint, sourceLocation: sourceLocation)
        case .neutral:
            #expect(progress == before, sourceLocation: sourceLocation)
        }
    }

    private mutating func beginStep() throws {
        let patch = lesson.settingsPatch(atStep: progress.step, from: state.settings)
        guard !patch.isEmpty else { return }
        let outcome = try engine.apply(.configure(patch), on: state.current, to: &state, ids: &ids)
        run(outcome.effects)
    }

    private mutating func run(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .scheduleAutoFocus(let token, _, _, _): timer = token
            case .cancelAutoFocus(let token) where token == timer: timer = nil
            case .cancelAutoFocus, .scheduleProgramTimer, .cancelProgramTimer: break
            }
        }
    }
}
