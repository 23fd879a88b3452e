/// One step of a lesson: what to do, what to say after a wrong move, the Swift that explains
/// it, and how the server knows it is done.
public struct LessonStep: Codable, Equatable, Sendable {
    /// What a person reads: "Turn on the ambiguous binding, then tap Name."
    public var instruction: String
    /// What the page shows after a wrong move.
    public var hint: String
    /// The one line of Swift that explains the step, as the code panel shows it:
    /// `.focused($focus, equals: .name)  // on Address`.
    public var swift: String
    /// What has to happen for the step to pass.
    public var goal: LessonGoal
    /// The moves that are neither the goal nor a mistake in this step: typing while the step
    /// asks for a tap, say. Any other move that misses the goal shows the hint.
    public var neutral: [LessonMove]

    /// What most steps let pass without comment: typing, the server's own timer, and a restart of
    /// a session's own program (showing its start again is nobody's mistake).
    public static let defaultNeutral: [LessonMove] = [.type, .timer, .restart]

    public init(
        instruction: String,
        hint: String,
        swift: String,
        goal: LessonGoal,
        neutral: [LessonMove] = LessonStep.defaultNeutral
    ) {
        self.instruction = instruction
        self.hint = hint
        self.swift = swift
        self.goal = goal
        self.neutral = neutral
    }
}
