import FocusCore
import FocusProtocol
import Testing

@testable import Sessions

/// ``LessonFollowing`` alone: what starting a lesson asks of the program, and its check of a change.
@Suite("Lesson following, alone")
struct LessonFollowingTests {
    @Test("Starting a lesson asks for its screen when another shows; an unknown lesson is unknown_lesson")
    func start() throws {
        let lessons = LessonFollowing(catalogue: .seeds, custom: nil, progress: nil)
        let lesson = try #require(LessonCatalogue.seeds.lessons.first { $0.screen != .profile })
        let start = try lessons.start(lesson.id, step: 0, showing: .profile, seq: 3)
        #expect(start.screen == lesson.screen && start.progress.step == 0)
        #expect(try lessons.start(lesson.id, step: 0, showing: lesson.screen, seq: 3).screen == nil)
        #expect(throws: ProtocolError.self) {
            try lessons.start(LessonID(rawValue: "no-such-lesson"), step: 0, showing: .profile, seq: 3)
        }
        do {
            _ = try lessons.start(LessonID(rawValue: "no-such-lesson"), step: 0, showing: .profile, seq: 3)
        } catch {
            #expect(error.code == .unknownLesson && error.seq == 3)
        }
    }

    @Test("A change that meets nothing leaves the step; without a lesson nothing is observed")
    func observe() throws {
        var none = LessonFollowing(catalogue: .seeds, custom: nil, progress: nil)
        none.observe(events: [], after: nil)
        #expect(none.progress == nil)
        let lesson = try #require(LessonCatalogue.seeds.lessons.first)
        let started = try LessonCatalogue.seeds.progress(lesson.id)
        var following = LessonFollowing(catalogue: .seeds, custom: nil, progress: started)
        following.observe(events: [], after: nil)
        #expect(following.progress == started)
    }
}
