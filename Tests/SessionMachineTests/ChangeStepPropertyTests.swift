import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

/// Issue 20: one change step. For random input sequences, the live session, the session
/// restored from its stored records, and the timeline's rebuilding agree at every revision.
@Suite("One change step: live, restored and timeline agree")
struct ChangeStepPropertyTests {
    /// A small timeline, so checkpoints are made and dropped within a run.
    static var configuration: SessionConfiguration {
        var configuration = SessionConfiguration()
        configuration.timelineChanges = 12
        configuration.timelineInterval = 4
        return configuration
    }

    /// What the live session was at one revision.
    struct Seen {
        var durable: DurableSession
        var snapshot: SessionSnapshot
    }

    @Test("Random inputs from three members: every revision is the same live, restored and in the timeline", arguments: 0..<24)
    func liveRestoredAndTimelineAgree(seed: UInt64) throws {
        var harness = Harness(configuration: Self.configuration)
        for member in 1...3 { harness.join(UInt64(member)) }
        let start = harness.machine.durableState()
        var random = SplitMix64(seed: seed &+ 101)
        var seen: [Int: Seen] = [:]
        var seqs = [1: 0, 2: 0, 3: 0]
        for _ in 0..<90 {
            let member = Int(random.next() % 3) + 1
            if random.next() % 10 == 0 {
                harness.advance(by: Int64(random.next() % 1_000))
            } else {
                seqs[member, default: 0] += 1
                let action = Self.randomAction(in: harness.machine, random: &random)
                harness.intent(UInt64(member), seq: seqs[member]!, action.screen, action.action)
            }
            seen[harness.machine.revision] = Seen(
                durable: harness.machine.durableState(), snapshot: harness.machine.sessionSnapshot())
        }
        let latest = harness.machine.revision
        #expect(latest > 30, "the run made changes (seed \(seed))")

        // Restored: the first durable snapshot and every stored record, read back from its bytes.
        let records = harness.log.compactMap { output -> ChangeRecord? in
            if case .persist(.change(let change)) = output { change } else { nil }
        }
        #expect(records.map(\.revision) == Array(1...latest))
        #expect(start.run != nil, "the session runs the seed program")
        var restored = try #require(Harness.restored(start, configuration: Self.configuration, at: harness.now))
        for record in records {
            try restored.replay(try ChangeRecord(revision: record.revision, at: record.at, body: record.encodedBody()))
            let live = try #require(seen[record.revision])
            let rebuilt = restored.durableState()
            #expect(rebuilt.run == live.durable.run, "the program's run at revision \(record.revision)")
            #expect(rebuilt.lesson == live.durable.lesson, "lesson at revision \(record.revision)")
            #expect(rebuilt.log == live.durable.log, "log at revision \(record.revision)")
            #expect(restored.sessionSnapshot() == live.snapshot, "snapshot at revision \(record.revision)")
        }

        // The timeline: every revision it still keeps, rebuilt from its checkpoints.
        var asked = 0
        for revision in 0...latest {
            let outputs = harness.handle(.received(.history(revision: revision), from: ConnectionID(1)))
            guard case .send(.past(let past), _)? = outputs.first else {
                Issue.record("history(\(revision)) answered \(outputs)")
                continue
            }
            guard past.revision == revision else { continue }
            asked += 1
            let live = try #require(seen[revision])
            #expect(past.state == live.snapshot, "timeline at revision \(revision)")
            #expect(past.log == live.durable.log, "timeline log at revision \(revision)")
        }
        #expect(asked >= Self.configuration.timelineChanges, "the timeline kept at least its capacity")
    }

    /// An intent a member could send now: mostly sound ones, some refused (another screen, a
    /// stale or out-of-range splice, a row that is gone, a control not drawn), so refusals are
    /// part of every run.
    static func randomAction(
        in machine: SessionMachine, random: inout SplitMix64
    ) -> (screen: ScreenID, action: IntentMessage.Action) {
        let snapshot = machine.sessionSnapshot()
        let current = snapshot.screen
        let screens = Seed.screens.map { ScreenID(rawValue: $0) }
        let screen = random.next() % 12 == 0 ? screens.randomElement(using: &random)! : current
        let controls = snapshot.program.drawn.controls
        let fields = controls.filter(\.kind.isTextField)
        let field = fields.randomElement(using: &random)
        // Now and then a row's field that is gone, or was never there.
        let key =
            random.next() % 10 == 0
            ? FocusKey(FocusCase(rawValue: "title"), id: RowID(high: random.next(), low: random.next())) : field?.key
        let text = field?.value ?? ""
        let length = text.utf16.count
        switch random.next() % 13 {
        case 0: return (screen, .focus(key))
        case 1: return (screen, .focus(nil))
        case 2, 3:
            guard let key else { return (screen, .submit) }
            return (screen, .edit(key, text + ["a", "é", "🙂", "\n", ""].randomElement(using: &random)!))
        case 4, 5:
            guard let key else { return (screen, .submit) }
            let at = Int(random.next() % UInt64(length + 2))
            let base = max(0, machine.revision - Int(random.next() % 4))
            return (
                screen,
                .splice(
                    key, base: base, at: at, delete: Int(random.next() % 2),
                    insert: ["x", "yz", "", "ü"].randomElement(using: &random)!)
            )
        case 6: return (screen, .submit)
        case 7, 8, 9, 10:
            // Next and Previous, Proceed, Add new email, Send, New Reminder, Delete, Add Date…
            guard let tapped = controls.compactMap(\.key).randomElement(using: &random) else { return (screen, .submit) }
            return (screen, .tap(tapped))
        case 11:
            return (current, random.next() % 6 == 0 ? .restart : .navigate(screens.randomElement(using: &random)!))
        default:
            // Now and then a lesson written for the session's source, kept with it and started.
            if random.next() % 5 == 0 { return (current, .writeLesson(Self.writtenLessons.randomElement(using: &random)!)) }
            let lessons = SessionConfiguration().lessons.lessons + Self.writtenLessons
            let lesson = random.next() % 4 == 0 ? nil : lessons.randomElement(using: &random)?.id
            return (current, .lesson(lesson, step: Int(random.next() % 3)))
        }
    }

    /// Two lessons a teacher might write on the profile form: Return from First Name, and any tap.
    static let writtenLessons = [
        Lesson(
            id: "own-return", title: "Return", screen: .profileForm, summary: "",
            steps: [
                LessonStep(
                    instruction: "Tap First Name.", hint: "", swift: "",
                    goal: .event(EventPattern(kind: .focus, to: "firstName")),
                    line: 3),
                LessonStep(
                    instruction: "Press Return.", hint: "", swift: "", goal: .event(EventPattern(kind: .focus, cause: .submit))),
            ]),
        Lesson(
            id: "own-state", title: "Some focus", screen: .profileForm, summary: "",
            steps: [LessonStep(instruction: "Focus a field.", hint: "", swift: "", goal: .state(StatePattern(focus: "lastName")))]
        ),
    ]
}
