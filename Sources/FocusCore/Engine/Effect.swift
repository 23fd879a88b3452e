/// Work the host must do after applying an intent: the core keeps no clock of its own.
public enum Effect: Equatable, Sendable {
    /// Start a timer; when it goes off, apply `.autoFocusFired(token)` on `screen`. Firing it
    /// late or after it was cancelled is harmless: a stale token changes nothing.
    case scheduleAutoFocus(token: AutoFocusToken, afterMilliseconds: Int, screen: ScreenID, key: FocusKey)
    /// The timer for `token` is no longer wanted; the host may stop it (or let it fire: it is stale).
    case cancelAutoFocus(token: AutoFocusToken)
    /// Start a timer of a source's program (`asyncAfter`, `Task.sleep`): when it goes off, the
    /// program runs what waited for it.
    case scheduleProgramTimer(TimerToken, afterMilliseconds: Int)
    /// The program's timer for `token` was dropped (the program restarted); the host may stop it
    /// (or let it fire: a token the run no longer holds changes nothing).
    case cancelProgramTimer(TimerToken)
}
