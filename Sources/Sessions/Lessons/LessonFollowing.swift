import FocusCore
import FocusProtocol

/// The lesson a session follows, as a child machine of ``SessionMachine``: starting and
/// stopping one, and checking each applied change against its current step. It decides; the
/// session applies what it decides to the program (showing the lesson's screen), so a lesson
/// never touches the program itself.
struct LessonFollowing: Sendable {
    let catalogue: LessonCatalogue
    /// The lesson followed, shared by every member; `nil` without one.
    private(set) var progress: LessonProgress?

    init(catalogue: LessonCatalogue, progress: LessonProgress?) {
        self.catalogue = catalogue
        self.progress = progress
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
        let progress: LessonProgress
        do {
            progress = try catalogue.progress(id, at: step)
        } catch {
            throw ProtocolError(.unknownLesson, error.message, seq: seq)
        }
        guard let definition = catalogue.lesson(id) else {
            throw ProtocolError(.unknownLesson, "There is no lesson '\(id.rawValue)'.", seq: seq)
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
        guard let progress, let lesson = catalogue.lesson(progress.lesson) else { return nil }
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
