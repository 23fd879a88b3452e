/// A guided lesson on one screen: a short story of steps, each checked from the session's own
/// events. Lessons are data: the server serves them as JSON and the page draws them.
public struct Lesson: Codable, Equatable, Sendable {
    /// The lesson's name (`checkout-ambiguous`).
    public var id: LessonID
    /// The title a person sees ("The ambiguous binding").
    public var title: String
    /// The screen the lesson runs on; its goals look at this screen's events and state.
    public var screen: ScreenID
    /// What the lesson is about, in one line.
    public var summary: String
    /// The steps, in order (five to eleven).
    public var steps: [LessonStep]
    /// For a lesson on a source, the example it runs on: a file of `Public/examples` without
    /// `.swift` (`seeds/profile`); its ``screen`` is a view of that source. `nil` for a lesson on
    /// the seed screens every new session runs.
    public var example: String?

    public init(
        id: LessonID, title: String, screen: ScreenID, summary: String, steps: [LessonStep], example: String? = nil
    ) {
        self.id = id
        self.title = title
        self.screen = screen
        self.summary = summary
        self.steps = steps
        self.example = example
    }
}

extension Lesson {
    /// Reads a lesson as a teacher may write it: `summary` may be left out (none), and `example`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(LessonID.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        screen = try container.decode(ScreenID.self, forKey: .screen)
        summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
        steps = try container.decode([LessonStep].self, forKey: .steps)
        example = try container.decodeIfPresent(String.self, forKey: .example)
    }

    /// Progress at `step` of this lesson, no hint showing: how it starts, restarts or steps back
    /// and forth.
    public func progress(at step: Int) throws(LessonError) -> LessonProgress {
        guard steps.indices.contains(step) else { throw .noSuchStep(step, lesson: id, count: steps.count) }
        return LessonProgress(lesson: id, step: step)
    }
}
