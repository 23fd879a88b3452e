import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

/// A lesson run by the session itself: every member sees the same step, the session checks each
/// change against it, and a restore finds the lesson where it was.
@Suite("Lessons in a session")
struct LessonSessionTests {
    static func lessonPatch(_ outputs: [SessionOutput]) -> JSONValue? {
        for case .broadcast(.update(let update)) in outputs {
            return update.patch["lesson"]
        }
        return nil
    }

    @Test("Starting a lesson is a change everyone sees")
    func start() throws {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        let outputs = harness.intent(1, seq: 1, .profileForm, .lesson("profile-source", step: 0))
        let lesson = try #require(Self.lessonPatch(outputs))
        #expect(lesson["lesson"].string == "profile-source" && lesson["step"] == .integer(0) && lesson["hint"] == .bool(false))
        #expect(harness.machine.revision == 1, "a change like any other")
        #expect(!harness.messages(to: 2, in: outputs).isEmpty, "the other member sees the step too")
        #expect(harness.machine.sessionSnapshot().lesson?.step == 0)
    }

    @Test("A lesson started on another screen shows its own screen, and the gift lesson's screen starts its auto-focus task")
    func startShowsTheLessonsScreen() throws {
        var harness = Harness()
        harness.join(1)
        let outputs = harness.intent(1, seq: 1, .profileForm, .lesson("gift-source", step: 0))
        #expect(harness.screen == .giftForm)
        #expect(
            outputs.contains { if case .schedule(.program, 750) = $0 { true } else { false } },
            "the gift screen's delayed focus is scheduled")
        #expect(try #require(Self.lessonPatch(outputs))["lesson"].string == "gift-source")
        harness.advance(by: 750)
        #expect(harness.focused == "message")
    }

    @Test("A change that meets the step moves the lesson on; a wrong move shows the hint; typing is neutral")
    func progress() throws {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profileForm, .lesson("profile-source", step: 0))
        // Step 0: tap First Name.
        let tapped = harness.intent(1, seq: 2, .profileForm, .tap("firstName"))
        #expect(try #require(Self.lessonPatch(tapped))["step"] == .integer(1))
        // Step 1 asks for Return; typing is neutral, Next is a wrong move.
        let typed = harness.intent(1, seq: 3, .profileForm, .edit("firstName", "Ada"))
        #expect(Self.lessonPatch(typed) == nil, "typing leaves the lesson as it is")
        let wrong = harness.intent(1, seq: 4, .profileForm, .tap(try harness.key(titled: "Next")))
        #expect(try #require(Self.lessonPatch(wrong))["hint"] == .bool(true))
        harness.intent(1, seq: 5, .profileForm, .tap("firstName"))
        let submitted = harness.intent(1, seq: 6, .profileForm, .submit)
        let lesson = try #require(Self.lessonPatch(submitted))
        #expect(lesson["step"] == .integer(2) && lesson["hint"] == .bool(false))
    }

    @Test("An unknown lesson or step is unknown_lesson and changes nothing; stopping clears it")
    func refusalsAndStop() {
        var harness = Harness()
        harness.join(1)
        let unknown = harness.intent(1, seq: 1, .profileForm, .lesson("juggling", step: 0))
        #expect(
            unknown.contains {
                if case .send(.error(let error), _) = $0 { error.code == .unknownLesson && error.seq == 1 } else { false }
            })
        let tooFar = harness.intent(1, seq: 2, .profileForm, .lesson("profile-source", step: 99))
        #expect(tooFar.contains { if case .send(.error(let error), _) = $0 { error.code == .unknownLesson } else { false } })
        #expect(harness.machine.revision == 0)
        harness.intent(1, seq: 3, .profileForm, .lesson("profile-source", step: 0))
        #expect(harness.machine.lesson != nil)
        let stopped = harness.intent(1, seq: 4, .profileForm, .lesson(nil, step: 0))
        #expect(Self.lessonPatch(stopped) == .null)
        #expect(harness.machine.lesson == nil)
    }

    @Test("A restored session resumes the lesson where it was: the log replays its progress")
    func lessonSurvivesReplay() throws {
        var harness = Harness()
        let first = harness.machine.durableState()
        harness.join(1)
        harness.intent(1, seq: 1, .profileForm, .lesson("profile-source", step: 0))
        harness.intent(1, seq: 2, .profileForm, .tap("firstName"))
        harness.intent(1, seq: 3, .profileForm, .tap(try harness.key(titled: "Next")))
        let records = harness.log.compactMap { if case .persist(let record) = $0 { record } else { nil } }
        let rebuilt = try ReplayTests.rebuild(from: first, applying: records)
        #expect(rebuilt.lesson == harness.machine.lesson)
        #expect(rebuilt.lesson?.step == 1 && rebuilt.lesson?.hint == true)
    }
}
