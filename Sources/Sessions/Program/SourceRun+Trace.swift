import FocusCore
import FocusProtocol

/// What an action would do, statement by statement, for Step (``ProgramInterpreter/trace(_:on:ids:keeping:)``):
/// the run is not changed.
extension SourceRun {
    /// A tap, a Return, a dismissal or a focus sent from the screen showing; `nil` for any other action (Step
    /// holds none of them) or one the program refuses (applying it says why).
    func trace(_ action: IntentMessage.Action, on screen: ScreenID, ids: some RandomNumberGenerator, keeping limit: Int)
        -> ProgramTrace?
    {
        guard screen == self.screen else { return nil }
        let intent: ProgramIntent
        switch action {
        case .tap(let key): intent = .tap(key)
        case .submit: intent = .submit
        case .dismiss: intent = .dismiss
        case .focus(let key): intent = .focus(key)
        case .edit, .splice, .navigate, .lesson, .writeLesson, .restart: return nil
        }
        return try? interpreter.trace(intent, on: run, ids: ids, keeping: limit)
    }

    /// A timer of the program going off; `nil` when what it runs stops part-way.
    func trace(timer token: TimerToken, ids: some RandomNumberGenerator, keeping limit: Int) -> ProgramTrace? {
        try? interpreter.trace(.timerFired(token), on: run, ids: ids, keeping: limit)
    }
}
