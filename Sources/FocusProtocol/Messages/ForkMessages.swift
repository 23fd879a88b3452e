import FocusCore

/// One fork of a session as its roster shows it (`GET /api/sessions/{id}/forks` and the
/// `forks` message): never the fork's editor id, only its read-only capability.
public struct ForkEntry: Equatable, Sendable, Encodable {
    /// The lesson a fork follows, as the roster shows it.
    public struct LessonStep: Equatable, Sendable, Encodable {
        public var step: Int
        public var complete: Bool

        public init(step: Int, complete: Bool) {
            self.step = step
            self.complete = complete
        }
    }

    /// The fork's viewer capability: what watching it read-only takes.
    public var id: String
    /// The name of the student who made it (the first member it remembers); `nil` until one joins.
    public var name: String?
    public var lesson: LessonStep?
    public var revision: Int
    /// The focus on the fork's screen as Swift prints it: the value of its `@FocusState`
    /// (`.email`, `nil`), or `name: value` pairs joined by `, ` when the screen has several;
    /// `nil` (JSON null) for a screen without one.
    public var focus: String?
    /// The fork's last log entry (its event and when, `at`), as a snapshot's `log` carries it.
    public var lastEvent: LogEntry?
    /// Whether an editor (the student) is connected to the fork now.
    public var connected: Bool

    public init(
        id: String, name: String?, lesson: LessonStep?, revision: Int, focus: String?, lastEvent: LogEntry?, connected: Bool
    ) {
        self.id = id
        self.name = name
        self.lesson = lesson
        self.revision = revision
        self.focus = focus
        self.lastEvent = lastEvent
        self.connected = connected
    }

    private enum CodingKeys: String, CodingKey { case id, name, lesson, revision, focus, lastEvent, connected }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        // Written as null rather than left out, so a reader sees each member of every entry.
        try container.encode(name, forKey: .name)
        try container.encode(lesson, forKey: .lesson)
        try container.encode(revision, forKey: .revision)
        try container.encode(focus, forKey: .focus)
        try container.encode(lastEvent, forKey: .lastEvent)
        try container.encode(connected, forKey: .connected)
    }
}

/// The `forks` message, to a session's editors only: the roster of its forks, whole (`whole`,
/// after the editor's snapshot) or only the entries that changed since the last one.
public struct ForksMessage: Equatable, Sendable, Encodable {
    public var whole: Bool
    public var forks: [ForkEntry]

    public init(whole: Bool, forks: [ForkEntry]) {
        self.whole = whole
        self.forks = forks
    }

    private enum CodingKeys: String, CodingKey { case type, whole, forks }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("forks", forKey: .type)
        try container.encode(whole, forKey: .whole)
        try container.encode(forks, forKey: .forks)
    }
}
