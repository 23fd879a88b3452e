/// How far a session is in a lesson, shared by everyone on the session and kept in its log:
/// `{"lesson":"checkout-ambiguous","step":2,"hint":false,"complete":false}`.
///
/// Made by ``LessonCatalogue/progress(_:at:)``; moved on only by ``observe(events:after:in:)``.
public struct LessonProgress: Codable, Equatable, Sendable {
    /// The lesson.
    public private(set) var lesson: LessonID
    /// The current step's index; once complete, the last step's.
    public private(set) var step: Int
    /// Whether the current step's hint shows (after a wrong move, until the step passes).
    public private(set) var hint: Bool
    /// Whether every step has passed.
    public private(set) var complete: Bool

    init(lesson: LessonID, step: Int) {
        self.lesson = lesson
        self.step = step
        hint = false
        complete = false
    }

    /// The step under way in `lesson` (which must be this progress's lesson); `nil` once complete.
    public func currentStep(in lesson: Lesson) -> LessonStep? {
        guard !complete, lesson.id == self.lesson, lesson.steps.indices.contains(step) else { return nil }
        return lesson.steps[step]
    }

    /// Checks one applied change of the session against the current step of `lesson`:
    /// `events` are the change's events, `scene` the lesson's screen after it (`nil` if the
    /// session does not show it), built only if the step's goal looks at the state or the source.
    ///
    /// The goal comes first: a change that meets it passes, clears the hint and moves on to the
    /// next step (or completes the lesson). Otherwise a move the step counts as neutral changes
    /// nothing, and any other move shows the hint.
    public mutating func observe(
        events: [FocusEvent], after scene: @autoclosure () -> LessonScene?, in lesson: Lesson
    ) -> LessonVerdict {
        guard let current = currentStep(in: lesson) else { return .neutral }
        var built: LessonScene??
        func after() -> LessonScene? {
            if let built { return built }
            let made = scene()
            built = .some(made)
            return made
        }
        if current.goal.isMet(by: events, after: after, on: lesson.screen) {
            hint = false
            if lesson.steps.indices.contains(step + 1) {
                step += 1
            } else {
                complete = true
            }
            return .passed
        }
        guard let move = LessonMove(of: events), !current.neutral.contains(move) else { return .neutral }
        hint = true
        return .wrongMove
    }
}
