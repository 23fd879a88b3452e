/// Why a lesson could not be started at the step asked for.
public enum LessonError: Error, Equatable, Sendable {
    /// No lesson has this name; `known` lists those that do.
    case unknownLesson(LessonID, known: [LessonID])
    /// The lesson has no step with this index.
    case noSuchStep(Int, lesson: LessonID, count: Int)
    /// A lesson a teacher wrote that the session cannot follow; the sentence says what to fix.
    case badLesson(String)

    /// What went wrong and what to do about it, in a sentence a person can act on.
    public var message: String {
        switch self {
        case .unknownLesson(let id, let known):
            "There is no lesson called '\(id)'; choose one of \(known.map(\.rawValue).joined(separator: ", "))."
        case .noSuchStep(let step, let lesson, let count):
            "The lesson '\(lesson)' has no step \(step); choose a step from 0 to \(count - 1)."
        case .badLesson(let problem):
            problem
        }
    }
}

extension LessonError: CustomStringConvertible {
    public var description: String { message }
}
