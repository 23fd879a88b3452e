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

    @Test("Starting a lesson is a change everyone sees, applying its first step's settings")
    func start() throws {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        harness.intent(1, seq: 1, .profile, .configure(SettingsPatch(animatedFocusChange: true)))
        let outputs = harness.intent(1, seq: 2, .profile, .lesson("profile-keyboard", step: 0))
        let lesson = try #require(Self.lessonPatch(outputs))
        #expect(lesson["lesson"].string == "profile-keyboard" && lesson["step"] == .integer(0) && lesson["hint"] == .bool(false))
        #expect(harness.machine.state.settings.animatedFocusChange == false, "the first step turns the animation off")
        #expect(!harness.messages(to: 2, in: outputs).isEmpty, "the other member sees the step too")
        #expect(harness.machine.sessionSnapshot().lesson?.step == 0)
    }

    @Test("A lesson started on another screen shows its own screen, and a gift lesson arms the auto-focus")
    func startShowsTheLessonsScreen() throws {
        var harness = Harness()
        harness.join(1)
        let outputs = harness.intent(1, seq: 1, .profile, .lesson("gift-auto-focus", step: 0))
        #expect(harness.machine.state.current == .gift)
        #expect(
            outputs.contains { if case .schedule = $0 { true } else { false } }, "the gift screen's delayed focus is scheduled")
        #expect(try #require(Self.lessonPatch(outputs))["lesson"].string == "gift-auto-focus")
    }

    @Test("A change that meets the step moves the lesson on; a wrong move shows the hint; typing is neutral")
    func progress() throws {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profile, .lesson("profile-keyboard", step: 0))
        // Step 0: tap First Name.
        let tapped = harness.intent(1, seq: 2, .profile, .focus(.firstName))
        #expect(try #require(Self.lessonPatch(tapped))["step"] == .integer(1))
        // Step 1 asks for Return; typing is neutral, Next is a wrong move.
        let typed = harness.intent(1, seq: 3, .profile, .edit(.firstName, "Ada"))
        #expect(Self.lessonPatch(typed) == nil, "typing leaves the lesson as it is")
        let wrong = harness.intent(1, seq: 4, .profile, .next)
        #expect(try #require(Self.lessonPatch(wrong))["hint"] == .bool(true))
        harness.intent(1, seq: 5, .profile, .focus(.firstName))
        let submitted = harness.intent(1, seq: 6, .profile, .submit)
        let lesson = try #require(Self.lessonPatch(submitted))
        #expect(lesson["step"] == .integer(2) && lesson["hint"] == .bool(false))
    }

    @Test("An unknown lesson or step is unknown_lesson and changes nothing; stopping clears it")
    func refusalsAndStop() {
        var harness = Harness()
        harness.join(1)
        let unknown = harness.intent(1, seq: 1, .profile, .lesson("juggling", step: 0))
        #expect(
            unknown.contains {
                if case .send(.error(let error), _) = $0 { error.code == .unknownLesson && error.seq == 1 } else { false }
            })
        let tooFar = harness.intent(1, seq: 2, .profile, .lesson("profile-keyboard", step: 99))
        #expect(tooFar.contains { if case .send(.error(let error), _) = $0 { error.code == .unknownLesson } else { false } })
        #expect(harness.machine.revision == 0)
        harness.intent(1, seq: 3, .profile, .lesson("profile-keyboard", step: 0))
        let stopped = harness.intent(1, seq: 4, .profile, .lesson(nil, step: 0))
        #expect(Self.lessonPatch(stopped) == .null)
        #expect(harness.machine.lesson == nil)
    }

    @Test("A restored session resumes the lesson where it was: the log replays its progress")
    func lessonSurvivesReplay() throws {
        var harness = Harness()
        let first = harness.machine.durableState()
        harness.join(1)
        harness.intent(1, seq: 1, .profile, .lesson("profile-keyboard", step: 0))
        harness.intent(1, seq: 2, .profile, .focus(.firstName))
        harness.intent(1, seq: 3, .profile, .next)
        let records = harness.log.compactMap { if case .persist(let record) = $0 { record } else { nil } }
        let rebuilt = try ReplayTests.rebuild(from: first, applying: records)
        #expect(rebuilt.lesson == harness.machine.lesson)
        #expect(rebuilt.lesson?.step == 1 && rebuilt.lesson?.hint == true)
    }
}
