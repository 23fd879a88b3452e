import FocusCore
import FocusProtocol
import Testing

@testable import Sessions

/// ``LessonFollowing`` alone: what starting a lesson asks of the program, and its check of a change.
@Suite("Lesson following, alone")
struct LessonFollowingTests {
    @Test("Starting a lesson asks for its screen when another shows; an unknown lesson is unknown_lesson")
    func start() throws {
        let lessons = LessonFollowing(catalogue: .seeds, progress: nil)
        let lesson = try #require(LessonCatalogue.seeds.lessons.first { $0.screen != .profile })
        let start = try lessons.start(lesson.id, step: 0, showing: .profile, settings: Settings(), seq: 3)
        #expect(start.screen == lesson.screen && start.progress.step == 0)
        #expect(try lessons.start(lesson.id, step: 0, showing: lesson.screen, settings: Settings(), seq: 3).screen == nil)
        #expect(throws: ProtocolError.self) {
            try lessons.start(LessonID(rawValue: "no-such-lesson"), step: 0, showing: .profile, settings: Settings(), seq: 3)
        }
        do {
            _ = try lessons.start(LessonID(rawValue: "no-such-lesson"), step: 0, showing: .profile, settings: Settings(), seq: 3)
        } catch {
            #expect(error.code == .unknownLesson && error.seq == 3)
        }
    }

    @Test("A change that meets nothing leaves the step; without a lesson nothing is observed")
    func observe() throws {
        var none = LessonFollowing(catalogue: .seeds, progress: nil)
        #expect(none.observe(events: [], after: nil, settings: Settings()) == nil)
        let lesson = try #require(LessonCatalogue.seeds.lessons.first)
        var following = LessonFollowing(catalogue: .seeds, progress: try LessonCatalogue.seeds.progress(lesson.id))
        #expect(following.observe(events: [], after: nil, settings: Settings()) == nil)
        #expect(following.progress?.step == 0)
    }
}
