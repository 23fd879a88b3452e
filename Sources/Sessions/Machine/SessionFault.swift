import FocusCore
import FocusProtocol

/// Something the session's program could not finish although the input was sound. The change
/// goes on without it; the host logs it.
public enum SessionFault: Error, Equatable, Sendable, CustomStringConvertible {
    /// What a timer of the session's own program ran stopped part-way and changed nothing.
    case timerStopped(ProgramError)
    /// A restart of the session's own program stopped while its first screen appeared (the
    /// restart stands, with every value initial).
    case restartStopped(ProgramError)
    /// A new source runs, and its screen, showing for the first time, stopped part-way through
    /// appearing (the new source stands, with the values it kept).
    case appearStopped(ProgramError)

    public var description: String {
        switch self {
        case .timerStopped(let error): "a timer of the session's program stopped: \(ProtocolError(error, seq: nil).message)"
        case .restartStopped(let error):
            "the restart of the session's program stopped part-way: \(ProtocolError(error, seq: nil).message)"
        case .appearStopped(let error):
            "the new source's screen stopped part-way through appearing: \(ProtocolError(error, seq: nil).message)"
        }
    }
}
