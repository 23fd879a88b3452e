import FocusCore
import FocusProtocol

/// Something the machine could not do although the input was sound: a defect of the session's
/// configuration, not of what a member sent. The change goes on without it; the host logs it.
public enum SessionFault: Error, Equatable, Sendable, CustomStringConvertible {
    /// A lesson names a screen the session's program cannot show or check.
    case lessonScreen(LessonID, FocusError)
    /// An update could not say what changed on a screen its events name (its members resync to see it).
    case screenUnreadable(ScreenID, FocusError)
    /// What a timer of the session's own program ran stopped part-way and changed nothing.
    case timerStopped(ProgramError)
    /// A restart of the session's own program stopped while its first screen appeared (the
    /// restart stands, with every value initial).
    case restartStopped(ProgramError)

    public var description: String {
        switch self {
        case .lessonScreen(let lesson, let error):
            "lesson '\(lesson.rawValue)' names a screen the session cannot use: \(error.message)"
        case .screenUnreadable(let screen, let error): "the update leaves out screen '\(screen.rawValue)': \(error.message)"
        case .timerStopped(let error): "a timer of the session's program stopped: \(ProtocolError(error, seq: nil).message)"
        case .restartStopped(let error):
            "the restart of the session's program stopped part-way: \(ProtocolError(error, seq: nil).message)"
        }
    }
}
