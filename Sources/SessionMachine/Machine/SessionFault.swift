import FocusCore

/// Something the machine could not do although the input was sound: a defect of the session's
/// configuration, not of what a member sent. The change goes on without it; the host logs it.
public enum SessionFault: Error, Equatable, Sendable, CustomStringConvertible {
    /// A lesson names a screen the session's program cannot show or check.
    case lessonScreen(LessonID, FocusError)

    public var description: String {
        switch self {
        case .lessonScreen(let lesson, let error): "lesson '\(lesson.rawValue)' names a screen the session cannot use: \(error.message)"
        }
    }
}
