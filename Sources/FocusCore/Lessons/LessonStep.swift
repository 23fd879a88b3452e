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
    /// The line of the session's source to mark while the step is under way (from 1), for a
    /// lesson a teacher writes on the session's own source; `nil` marks none.
    public var line: Int?

    /// What most steps let pass without comment: typing, the server's own timer, and a restart of
    /// a session's own program (showing its start again is nobody's mistake).
    public static let defaultNeutral: [LessonMove] = [.type, .timer, .restart]

    public init(
        instruction: String,
        hint: String,
        swift: String,
        goal: LessonGoal,
        neutral: [LessonMove] = LessonStep.defaultNeutral,
        line: Int? = nil
    ) {
        self.instruction = instruction
        self.hint = hint
        self.swift = swift
        self.goal = goal
        self.neutral = neutral
        self.line = line
    }
}

extension LessonStep {
    /// Reads a step as a teacher may write it: `swift` and `neutral` may be left out (no line of
    /// Swift; the ``defaultNeutral`` moves), and `line` too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        instruction = try container.decode(String.self, forKey: .instruction)
        hint = try container.decode(String.self, forKey: .hint)
        swift = try container.decodeIfPresent(String.self, forKey: .swift) ?? ""
        goal = try container.decode(LessonGoal.self, forKey: .goal)
        neutral = try container.decodeIfPresent([LessonMove].self, forKey: .neutral) ?? Self.defaultNeutral
        line = try container.decodeIfPresent(Int.self, forKey: .line)
    }
}
