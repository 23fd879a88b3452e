/// A whole session in the protocol's `state` shape (the lesson is filled in by the session,
/// which knows it).
public struct SessionSnapshot: Codable, Equatable, Sendable {
    /// The screen showing now.
    public var screen: ScreenID
    /// The lesson the session is following and how far it got; `nil` without one.
    public var lesson: LessonProgress?
    /// The lesson a teacher wrote for the session's own source, whole (so a page can show its
    /// steps and export it); left out without one.
    public var customLesson: Lesson?
    /// The session's source and its program.
    public var program: ProgramSnapshot
    /// Step, while someone has it on: who, and the action held with the statement shown;
    /// `nil` while Step is off (and always in the past, which keeps no stepping).
    public var stepping: SteppingSnapshot?

    public init(
        screen: ScreenID, lesson: LessonProgress? = nil, customLesson: Lesson? = nil, program: ProgramSnapshot,
        stepping: SteppingSnapshot? = nil
    ) {
        self.screen = screen
        self.lesson = lesson
        self.customLesson = customLesson
        self.program = program
        self.stepping = stepping
    }

    private enum CodingKeys: String, CodingKey { case screen, lesson, customLesson, program, stepping }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(screen, forKey: .screen)
        // Written as null rather than left out, so a client sees there is no lesson.
        try container.encode(lesson, forKey: .lesson)
        try container.encodeIfPresent(customLesson, forKey: .customLesson)
        try container.encode(program, forKey: .program)
        try container.encode(stepping, forKey: .stepping)
    }
}
