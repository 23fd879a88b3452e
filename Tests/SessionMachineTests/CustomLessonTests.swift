import FocusCore
import FocusProtocol
import Sessions
import SwiftUISource
import TestSupport
import Testing

/// A lesson a teacher writes for the session's own source: kept with the session as a change
/// like any other, followed as a catalogue lesson is, and refused whole when it cannot be.
@Suite("Lessons written for a session's own source")
struct CustomLessonTests {
    /// A login form whose Return in Username moves focus to Password.
    static var login: String {
        get throws { try Fixtures.source("login-return.swift") }
    }

    /// Tap Username, then press Return: two steps, each marking the line it is about.
    static let lesson = Lesson(
        id: "login-return", title: "Return moves on", screen: "LoginForm", summary: "",
        steps: [
            LessonStep(
                instruction: "Tap Username.", hint: "Tap the Username field.", swift: "",
                goal: .event(EventPattern(kind: .focus, to: "username")), line: 18),
            LessonStep(
                instruction: "Press Return.", hint: "Press Return in Username.", swift: "",
                goal: .event(EventPattern(kind: .focus, to: "password")), line: 20),
        ])

    static func session() throws -> Harness {
        var harness = Harness(compile: SourceCompilation.compile, source: try login)
        harness.join(1)
        return harness
    }

    static func refusal(_ outputs: [SessionOutput]) -> ProtocolError? {
        outputs.lazy.compactMap { if case .send(.error(let error), _) = $0 { error } else { nil } }.first
    }

    @Test("A written lesson is kept, started and followed to its end; the snapshot and the update carry it")
    func writtenLessonIsFollowed() throws {
        var harness = try Self.session()
        let outputs = harness.intent(1, seq: 1, "LoginForm", .writeLesson(Self.lesson))
        #expect(Self.refusal(outputs) == nil)
        #expect(harness.machine.lesson?.lesson == "login-return" && harness.machine.lesson?.step == 0)
        #expect(harness.machine.sessionSnapshot().customLesson == Self.lesson)
        let patches = outputs.compactMap { if case .broadcast(.update(let update)) = $0 { update.patch } else { nil } }
        #expect(patches.first?["customLesson"] == JSONValue(encoding: Self.lesson), "the update carries the lesson")

        let username = try harness.key(titled: "Username")
        harness.intent(1, seq: 2, "LoginForm", .tap(try harness.key(titled: "Password")))
        #expect(harness.machine.lesson?.step == 0 && harness.machine.lesson?.hint == true, "a wrong tap shows the hint")
        harness.intent(1, seq: 3, "LoginForm", .tap(username))
        #expect(harness.machine.lesson?.step == 1 && harness.machine.lesson?.hint == false)
        harness.intent(1, seq: 4, "LoginForm", .submit)
        #expect(harness.machine.lesson?.complete == true)

        // Stopped and started again by its id, as a catalogue lesson is; a catalogue lesson
        // started meanwhile leaves the written one kept.
        harness.intent(1, seq: 5, "LoginForm", .lesson(nil, step: 0))
        #expect(harness.machine.lesson == nil && harness.machine.sessionSnapshot().customLesson == Self.lesson)
        harness.intent(1, seq: 6, "LoginForm", .lesson("login-return", step: 1))
        #expect(harness.machine.lesson?.step == 1 && harness.machine.lesson?.complete == false)
        #expect(
            Self.refusal(harness.intent(1, seq: 7, "LoginForm", .lesson("profile-source", step: 0)))?.code == .unknownLesson,
            "the source has no profile form")
        #expect(harness.machine.lesson?.lesson == "login-return")
    }

    @Test("A written lesson survives the log: restored from the records, and rebuilt by the timeline")
    func writtenLessonIsDurable() throws {
        var harness = try Self.session()
        let start = harness.machine.durableState()
        harness.intent(1, seq: 1, "LoginForm", .writeLesson(Self.lesson))
        harness.intent(1, seq: 2, "LoginForm", .tap(try harness.key(titled: "Username")))
        let written = harness.machine.revision
        #expect(harness.machine.durableState().customLesson == Self.lesson)

        let records = harness.log.compactMap { output -> ChangeRecord? in
            if case .persist(.change(let change)) = output { change } else { nil }
        }
        var restored = try #require(Harness.restored(start))
        for record in records {
            try restored.replay(try ChangeRecord(revision: record.revision, at: record.at, body: record.encodedBody()))
        }
        #expect(restored.durableState() == harness.machine.durableState())
        #expect(restored.sessionSnapshot() == harness.machine.sessionSnapshot())

        // Restored from the durable snapshot alone (read back from its JSON), it goes on.
        let stored = try JSONValueDecoder().decode(
            DurableSession.self, from: try StreamingJSONEncoder().encode(harness.machine.durableState()))
        var resumed = try #require(Harness.restored(stored))
        #expect(resumed.sessionSnapshot().customLesson == Self.lesson && resumed.lesson?.step == 1)
        var outputs: [SessionOutput] = []
        var ids = SplitMix64(seed: 3)
        resumed.handle(.opened(ConnectionID(9), role: .editor), at: harness.now, ids: &ids, into: &outputs)
        resumed.handle(
            .received(.hello(clientId: Harness.clientId(9), name: nil), from: ConnectionID(9)), at: harness.now, ids: &ids,
            into: &outputs)
        resumed.handle(
            .received(.intent(IntentMessage(seq: 1, screen: "LoginForm", action: .submit)), from: ConnectionID(9)),
            at: harness.now, ids: &ids, into: &outputs)
        #expect(resumed.lesson?.complete == true)

        let outputsBefore = harness.handle(.received(.history(revision: written - 2), from: ConnectionID(1)))
        guard case .send(.past(let past), _)? = outputsBefore.first else {
            Issue.record("history answered \(outputsBefore)")
            return
        }
        #expect(past.state.customLesson == nil, "before it was written, the session had no lesson of its own")
        let now = harness.handle(.received(.history(revision: written), from: ConnectionID(1)))
        guard case .send(.past(let then), _)? = now.first else {
            Issue.record("history answered \(now)")
            return
        }
        #expect(then.state.customLesson == Self.lesson && then.state.lesson?.step == 1)
    }

    /// Ways to spoil the lesson, each refused.
    enum Spoiled: String, CaseIterable, Sendable {
        case noSteps, screenLacking, linePastTheEnd, builtInID, idWithSpaces, emptyInstruction, emptyAny, eventNamingNothing,
            tooManySteps, nestedTooDeep

        func spoil(_ lesson: inout Lesson) {
            let goal = lesson.steps[0].goal
            switch self {
            case .noSteps: lesson.steps = []
            case .screenLacking: lesson.screen = "ProfileForm"
            case .linePastTheEnd: lesson.steps[1].line = 400
            case .builtInID: lesson.id = "profile-source"
            case .idWithSpaces: lesson.id = "my lesson"
            case .emptyInstruction: lesson.steps[0].instruction = ""
            case .emptyAny: lesson.steps[0].goal = .any([])
            case .eventNamingNothing: lesson.steps[0].goal = .event(EventPattern())
            case .tooManySteps: lesson.steps = Array(repeating: lesson.steps[0], count: 31)
            case .nestedTooDeep: lesson.steps[0].goal = .all([.all([.all([.all([goal])])])])
            }
        }
    }

    @Test("A lesson that cannot be followed is refused with bad_lesson and changes nothing", arguments: Spoiled.allCases)
    func badLessonIsRefused(problem: Spoiled) throws {
        var harness = try Self.session()
        harness.intent(1, seq: 1, "LoginForm", .writeLesson(Self.lesson))
        let before = (harness.machine.revision, harness.machine.durableState())
        var lesson = Self.lesson
        lesson.id = "another-lesson"
        problem.spoil(&lesson)
        let outputs = harness.intent(1, seq: 2, "LoginForm", .writeLesson(lesson))
        let refusal = Self.refusal(outputs)
        #expect(refusal?.code == .badLesson, "\(problem): \(String(describing: refusal))")
        #expect(refusal?.seq == 2)
        #expect(harness.machine.revision == before.0, "\(problem)")
        #expect(harness.machine.durableState() == before.1, "\(problem)")
        #expect(!outputs.contains { if case .persist(.change) = $0 { true } else { false } }, "\(problem)")
    }

    @Test("A lesson object that cannot be read is refused with bad_lesson before it reaches the session")
    func unreadableLessonIsRefused() {
        let text =
            #"{"type":"intent","seq":3,"screen":"LoginForm","action":"lesson","lesson":{"id":"x","title":"X","screen":"LoginForm","steps":[{"instruction":"Tap.","hint":"","goal":{"event":{},"state":{}}}]}}"#
        #expect(throws: ProtocolError.self) { try ClientMessage.decode(Array(text.utf8)) }
        do {
            _ = try ClientMessage.decode(Array(text.utf8))
        } catch {
            #expect(error.code == .badLesson && error.seq == 3)
            #expect(error.message.contains("steps.0.goal"), "the refusal says where: \(error.message)")
        }
    }

    @Test("A written lesson reads back from the wire as it was sent, with what a teacher may leave out filled in")
    func wireRoundTrip() throws {
        let intent = IntentMessage(seq: 4, screen: "LoginForm", action: .writeLesson(Self.lesson))
        #expect(try IntentMessage(wire: intent.wire) == intent)
        let short =
            #"{"id":"s","title":"S","screen":"LoginForm","steps":[{"instruction":"Tap.","hint":"","goal":{"event":{"kind":"focus"}}}]}"#
        let lesson = try JSONValueDecoder().decode(Lesson.self, from: Array(short.utf8))
        #expect(lesson.summary == "" && lesson.steps[0].swift == "" && lesson.steps[0].neutral == LessonStep.defaultNeutral)
        #expect(lesson.steps[0].line == nil)
    }

    @Test("A viewer cannot write a lesson")
    func viewerIsRefused() throws {
        var harness = try Self.session()
        harness.join(2, role: .viewer)
        let revision = harness.machine.revision
        let outputs = harness.intent(2, seq: 1, "LoginForm", .writeLesson(Self.lesson))
        #expect(Self.refusal(outputs)?.code == .readOnly)
        #expect(harness.machine.revision == revision && harness.machine.sessionSnapshot().customLesson == nil)
    }
}
