/// Work the host must do after a change: the core keeps no clock of its own.
public enum Effect: Equatable, Sendable {
    /// Start a timer of the session's program (`asyncAfter`, `Task.sleep`): when it goes off, the
    /// program runs what waited for it.
    case scheduleProgramTimer(TimerToken, afterMilliseconds: Int)
    /// The program's timer for `token` was dropped (the program restarted); the host may stop it
    /// (or let it fire: a token the run no longer holds changes nothing).
    case cancelProgramTimer(TimerToken)
}
