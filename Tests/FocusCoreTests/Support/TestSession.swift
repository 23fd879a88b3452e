import FocusCore
import TestSupport

/// One session driven the way a page drives it: intents on the current screen, ids from a
/// seeded generator.
struct TestSession {
    let engine: FocusEngine
    var state: SessionState
    var ids: SplitMix64
    /// The effects of the last start or applied intent.
    var lastEffects: [Effect]

    init(seed: UInt64 = 7, engine: FocusEngine = FocusEngine()) {
        self.engine = engine
        ids = SplitMix64(seed: seed)
        (state, lastEffects) = engine.start(ids: &ids)
    }

    /// A session already showing `screen`.
    init(on screen: ScreenID, seed: UInt64 = 7, settings: SettingsPatch = SettingsPatch()) throws {
        self.init(seed: seed)
        try apply(.configure(settings))
        try apply(.navigate(to: screen))
    }

    /// Applies `intent` on the current screen.
    @discardableResult
    mutating func apply(_ intent: Intent) throws(FocusError) -> Outcome {
        try apply(intent, on: state.current)
    }

    @discardableResult
    mutating func apply(_ intent: Intent, on screen: ScreenID) throws(FocusError) -> Outcome {
        let outcome = try engine.apply(intent, on: screen, to: &state, ids: &ids)
        lastEffects = outcome.effects
        return outcome
    }

    /// The current screen's state.
    var screen: ScreenState { state[state.current]! }

    /// The current screen's focus value.
    var focus: FocusKey? { screen.focus }

    /// The current screen as the wire shows it.
    var snapshot: ScreenSnapshot { try! engine.snapshot(of: state.current, in: state) }

    /// Row ids of `list` on the current screen.
    func rows(_ list: ListID) -> [RowID] { screen.rows(in: list) }

    /// Fires the timer of the last scheduled auto-focus effect.
    @discardableResult
    mutating func fireScheduledAutoFocus(from effects: [Effect]) throws(FocusError) -> Outcome {
        for case .scheduleAutoFocus(let token, _, let screen, _) in effects {
            return try apply(.autoFocusFired(token), on: screen)
        }
        return .unchanged(.unchanged)
    }
}

/// Shorthand for a focus event.
func focusEvent(_ screen: ScreenID, _ from: FocusKey?, _ to: FocusKey?, _ cause: FocusCause) -> FocusEvent {
    .focus(screen: screen, from: from, to: to, cause: cause)
}
