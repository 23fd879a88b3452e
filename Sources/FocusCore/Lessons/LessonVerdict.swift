/// What one applied change meant for the current step of a lesson.
public enum LessonVerdict: Sendable {
    /// The step's goal was met: the lesson moved to the next step, or is complete.
    case passed
    /// A move the step did not ask for: the hint shows until the step passes.
    case wrongMove
    /// Neither: typing while a tap is asked for, the server's timer, or no lesson running.
    case neutral
}
