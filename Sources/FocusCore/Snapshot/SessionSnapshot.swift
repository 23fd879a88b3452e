/// A whole session in the protocol's `state` shape (each task screen's `notesHTML` and the
/// lesson are filled in by the session, which knows them).
public struct SessionSnapshot: Codable, Equatable, Sendable {
    /// The screen showing now.
    public var screen: ScreenID
    /// The session's switches.
    public var settings: Settings
    /// Every screen's snapshot, by screen.
    public var screens: [ScreenID: ScreenSnapshot]
    /// The lesson the session is following and how far it got; `nil` without one.
    public var lesson: LessonProgress?
    /// The session's own source and its program, when it runs one (then `screens` is empty).
    public var program: ProgramSnapshot?

    public init(
        screen: ScreenID, settings: Settings, screens: [ScreenID: ScreenSnapshot], lesson: LessonProgress? = nil,
        program: ProgramSnapshot? = nil
    ) {
        self.screen = screen
        self.settings = settings
        self.screens = screens
        self.lesson = lesson
        self.program = program
    }

    private enum CodingKeys: String, CodingKey { case screen, settings, screens, lesson, program }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(screen, forKey: .screen)
        try container.encode(settings, forKey: .settings)
        try container.encode(screens, forKey: .screens)
        // Written as null rather than left out, so a client sees there is no lesson.
        try container.encode(lesson, forKey: .lesson)
        try container.encodeIfPresent(program, forKey: .program)
    }
}
