import FocusCore

/// A timer the machine asks the host for; when it goes off the host hands it back as
/// ``SessionInput/timerFired(_:)``. A timer that fires after it was cancelled or replaced
/// changes nothing.
public enum SessionTimer: Hashable, Sendable {
    /// A connection that has not said `hello` is closed when this fires.
    case helloDeadline(ConnectionID)
    /// Presence folded since the last one goes out.
    case presence
    /// The carets that moved since the last `carets` message go out.
    case carets
    /// A timer a session's own program set.
    case program(TimerToken)
}
