import FocusCore
import FocusProtocol

/// The lesson a session follows, as a child machine of ``SessionMachine``: starting and
/// stopping one, and checking each applied change against its current step. It decides; the
/// session applies what it decides to the program (showing the lesson's screen), so a lesson
/// never touches the program itself.
struct LessonFollowing: Sendable {
    let catalogue: LessonCatalogue
    /// The lesson a teacher wrote for the session's own source, kept with the session (one at a
    /// time: writing another replaces it); `nil` without one.
    private(set) var custom: Lesson?
    /// The lesson followed, shared by every member; `nil` without one.
    private(set) var progress: LessonProgress?

    init(catalogue: LessonCatalogue, custom: Lesson?, progress: LessonProgress?) {
        self.catalogue = catalogue
        self.custom = custom
        self.progress = progress
    }

    /// The lesson called `id`: the session's own first, then the catalogue's.
    func lesson(_ id: LessonID) -> Lesson? {
        if let custom, custom.id == id { return custom }
        return catalogue.lesson(id)
    }

    /// Checks `lesson`, written for a source of `lineCount` lines that has the screens `has`
    /// names; refuses it with `bad_lesson` saying what to fix.
    func check(_ lesson: Lesson, lineCount: Int, has: (ScreenID) -> Bool, seq: Int) throws(ProtocolError) {
        do {
            try lesson.check(lineCount: lineCount)
        } catch {
            throw ProtocolError(.badLesson, error.message, seq: seq)
        }
        guard catalogue.lesson(lesson.id) == nil else {
            throw ProtocolError(
                .badLesson, "The id '\(lesson.id.rawValue)' is a built-in lesson's; give your lesson another id.", seq: seq)
        }
        guard has(lesson.screen) else {
            throw ProtocolError(
                .badLesson, "The lesson runs on the screen \(lesson.screen.rawValue), which this source does not have.",
                seq: seq)
        }
    }

    /// Keeps `lesson` (checked) as the session's own, in place of the one it had (or none again,
    /// undoing a keep whose start was refused).
    mutating func keep(_ lesson: Lesson?) {
        custom = lesson
    }

    /// What starting a lesson asks of the program.
    struct Start: Sendable {
        let lesson: Lesson
        let progress: LessonProgress
        /// The screen to show, if another one is showing.
        let screen: ScreenID?
    }

    /// What starting `id` at `step` needs, the session showing `current`; refuses an unknown
    /// lesson or step with `unknown_lesson`.
    func start(_ id: LessonID, step: Int, showing current: ScreenID, seq: Int) throws(ProtocolError) -> Start {
        guard let definition = lesson(id) else {
            let known = (custom.map { [$0.id] } ?? []) + catalogue.lessons.map(\.id)
            throw ProtocolError(.unknownLesson, LessonError.unknownLesson(id, known: known).message, seq: seq)
        }
        let progress: LessonProgress
        do {
            progress = try definition.progress(at: step)
        } catch {
            throw ProtocolError(.unknownLesson, error.message, seq: seq)
        }
        return Start(
            lesson: definition, progress: progress, screen: definition.screen == current ? nil : definition.screen)
    }

    /// Follows `progress` from now on (or no lesson).
    mutating func follow(_ progress: LessonProgress?) {
        self.progress = progress
    }

    /// The lesson followed, with its definition.
    var current: (progress: LessonProgress, lesson: Lesson)? {
        guard let progress, let lesson = lesson(progress.lesson) else { return nil }
        return (progress, lesson)
    }

    /// Checks an applied change's `events` against the current step; `scene` is the lesson's
    /// screen after the change.
    mutating func observe(events: [FocusEvent], after scene: @autoclosure () -> LessonScene?) {
        guard let (followed, lesson) = current else { return }
        var progress = followed
        _ = progress.observe(events: events, after: scene(), in: lesson)
        self.progress = progress
    }
}
