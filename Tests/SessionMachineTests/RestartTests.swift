import FocusCore
import FocusProtocol
import Sessions
import SwiftUISource
import TestSupport
import Testing

/// `restart`: a session's own program run again from its start, as a change like any other.
@Suite("Restart of a session's own program")
struct RestartTests {
    static let gift = SourceLessonTests.seed("gift")
    static let screen: ScreenID = "GiftMessageForm"

    /// The update a handful of outputs broadcast.
    static func update(in outputs: [SessionOutput]) -> UpdateMessage? {
        outputs.lazy.compactMap { if case .broadcast(.update(let update)) = $0 { update } else { nil } }.first
    }

    static func stateValue(_ name: String, in harness: Harness) -> String? {
        harness.machine.sessionSnapshot().program.drawn.stateValues.first { $0.name == name }?.value
    }

    @Test(
        "Restart puts every value back, lets go of focus, and the form appears again: its task sets a timer that focuses the message"
    )
    func restartRunsTheProgramFromItsStart() throws {
        var harness = SourceLessonTests.session(Self.gift)
        harness.advance(by: 750)
        #expect(SourceLessonTests.focused(in: harness) == "message")
        harness.intent(1, seq: 1, Self.screen, .edit("message", "Happy birthday"))
        harness.intent(1, seq: 2, Self.screen, .tap(try SourceLessonTests.key("Add new email", in: harness)))
        let rowsBefore = try SourceLessonTests.keys("Email", in: harness)
        #expect(rowsBefore.count == 2 && SourceLessonTests.focused(in: harness) == rowsBefore[1])
        let revision = harness.machine.revision

        let outputs = harness.intent(1, seq: 3, Self.screen, .restart)
        #expect(harness.machine.revision == revision + 1, "a restart is a change")
        let update = try #require(Self.update(in: outputs))
        #expect(update.seq == 3)
        #expect(
            update.events.prefix(2).elementsEqual([
                .focus(screen: Self.screen, from: rowsBefore[1], to: nil, cause: .navigation), .restart(screen: Self.screen),
            ]), "focus leaves the email, then the program restarts: \(update.events)")
        #expect(
            update.events.contains(.timerSet(screen: Self.screen, afterMilliseconds: 750)), "the task in onAppear sleeps again")
        #expect(update.events.contains { if case .edit(_, "message", _) = $0 { true } else { false } }, "the message is emptied")
        #expect(outputs.contains { if case .persist(.change) = $0 { true } else { false } }, "the restart is stored")

        let rows = try SourceLessonTests.keys("Email", in: harness)
        #expect(rows.count == 1 && !rowsBefore.contains(rows[0]), "one recipient again, with a fresh id from the generator")
        #expect(SourceLessonTests.focused(in: harness) == nil)
        #expect(Self.stateValue("message", in: harness) == "\"\"")
        #expect(harness.machine.sessionSnapshot().program.drawn.focusValues.first?.value == "nil")

        harness.advance(by: 749)
        #expect(SourceLessonTests.focused(in: harness) == nil, "the task is asleep")
        let logged = harness.log.count
        harness.advance(by: 1)
        #expect(SourceLessonTests.focused(in: harness) == "message", "the task woke and focused the message")
        let fired = try #require(Self.update(in: Array(harness.log[logged...])))
        #expect(
            fired.by == nil && fired.events.contains(.focus(screen: Self.screen, from: nil, to: "message", cause: .autoFocus)))
    }

    @Test("A restart cancels the timers still pending: a second restart within 0.75 s leaves one timer, 0.75 s after it")
    func restartDropsPendingTimers() throws {
        var harness = SourceLessonTests.session(Self.gift)
        harness.advance(by: 1_000)
        harness.intent(1, seq: 1, Self.screen, .restart)
        harness.advance(by: 500)
        let outputs = harness.intent(1, seq: 2, Self.screen, .restart)
        #expect(
            outputs.contains { if case .cancel(.program) = $0 { true } else { false } }, "the first restart's timer is cancelled")
        #expect(harness.timers.keys.filter { if case .program = $0 { true } else { false } }.count == 1)
        harness.advance(by: 500)
        #expect(SourceLessonTests.focused(in: harness) == nil, "1 s after the first restart, only 0.5 s after the second")
        harness.advance(by: 250)
        #expect(SourceLessonTests.focused(in: harness) == "message")
    }

    @Test("A session restored from its records after restarts, and the timeline, are the live session at every revision")
    func restartIsReplayedAndRebuilt() throws {
        var harness = Harness(configuration: ChangeStepPropertyTests.configuration, compile: SourceCompilation.compile)
        let start = harness.machine.durableState()
        harness.handle(.replaceSource(Self.gift))
        harness.join(1)
        var seen: [Int: (durable: DurableSession, snapshot: SessionSnapshot)] = [:]
        func note() { seen[harness.machine.revision] = (harness.machine.durableState(), harness.machine.sessionSnapshot()) }
        note()
        var seq = 0
        func send(_ action: IntentMessage.Action) {
            seq += 1
            harness.intent(1, seq: seq, Self.screen, action)
            note()
        }
        var random = SplitMix64(seed: 11)
        for round in 0..<12 {
            send(.restart)
            if round % 3 == 1 { send(.tap(try SourceLessonTests.key("Email", in: harness))) }
            send(.edit("message", "Round \(round)"))
            send(.tap(try SourceLessonTests.key("Add new email", in: harness)))
            if let row = try SourceLessonTests.keys("Email", in: harness).last { send(.edit(row, "ada@example.com")) }
            harness.advance(by: Int64(random.next() % 1_000))
            note()
        }
        let latest = harness.machine.revision
        let records = harness.log.compactMap { if case .persist(.change(let change)) = $0 { change } else { nil } }
        #expect(records.map(\.revision) == Array(1...latest))
        let restarts = records.filter {
            if case .intent(let intent, _, _, _) = $0.cause { intent.action == .restart } else { false }
        }
        #expect(restarts.count == 12 && restarts.allSatisfy { $0.draws.count == 2 }, "each restart drew its recipient's id")

        var restored = try #require(
            Harness.restored(
                start, configuration: ChangeStepPropertyTests.configuration, compile: SourceCompilation.compile, at: harness.now))
        for record in records {
            try restored.replay(try ChangeRecord(revision: record.revision, at: record.at, body: record.encodedBody()))
            guard let live = seen[record.revision] else { continue }
            let rebuilt = restored.durableState()
            #expect(rebuilt.log == live.durable.log, "log at revision \(record.revision)")
            #expect(restored.sessionSnapshot() == live.snapshot, "snapshot at revision \(record.revision)")
            // The whole run, timers and task numbers too: a timer whose cancelled task wakes to do
            // nothing is a change too, so a restored run drops it as the live one did.
            #expect(rebuilt.run == live.durable.run, "the program's run at revision \(record.revision)")
        }

        for revision in (latest - ChangeStepPropertyTests.configuration.timelineChanges)...latest {
            guard let live = seen[revision] else { continue }
            let outputs = harness.handle(.received(.history(revision: revision), from: ConnectionID(1)))
            guard case .send(.past(let past), _)? = outputs.first, past.revision == revision else {
                Issue.record("history(\(revision)) answered \(outputs)")
                continue
            }
            #expect(past.state == live.snapshot, "timeline at revision \(revision)")
        }
    }

    @Test("A restart on a later screen goes back to the first, which appears; every screen's values start again")
    func restartGoesBackToTheFirstScreen() throws {
        var harness = SourceLessonTests.session(SourceLessonTests.example("two-screens"))
        harness.advance(by: 250)
        harness.intent(1, seq: 1, "NameScreen", .navigate("CityScreen"))
        #expect(SourceLessonTests.focused(in: harness) == "city", "defaultFocus")
        harness.intent(1, seq: 2, "CityScreen", .edit("city", "Paris"))
        let update = try #require(Self.update(in: harness.intent(1, seq: 3, "CityScreen", .restart)))
        #expect(
            update.events.elementsEqual([
                .focus(screen: "CityScreen", from: "city", to: nil, cause: .navigation),
                .navigate(from: "CityScreen", to: "NameScreen"), .restart(screen: "NameScreen"),
                .timerSet(screen: "NameScreen", afterMilliseconds: 250),
            ]), "\(update.events)")
        #expect(harness.machine.sessionSnapshot().screen == "NameScreen" && SourceLessonTests.focused(in: harness) == nil)
        harness.advance(by: 250)
        #expect(SourceLessonTests.focused(in: harness) == "name", "the first screen's onAppear ran again")
        harness.intent(1, seq: 4, "NameScreen", .navigate("CityScreen"))
        #expect(Self.stateValue("city", in: harness) == "\"\"", "the city typed before the restart is gone")
    }

    @Test("A viewer cannot restart: read_only, and nothing changes")
    func viewerIsRefused() throws {
        var harness = SourceLessonTests.session(Self.gift)
        harness.join(2, role: .viewer)
        let before = (harness.machine.revision, harness.machine.durableState().run)
        let outputs = harness.intent(2, seq: 1, Self.screen, .restart)
        #expect(SourceLessonTests.refusal(outputs)?.code == .readOnly)
        #expect(!outputs.contains { if case .persist = $0 { true } else { false } })
        #expect(harness.machine.revision == before.0 && harness.machine.durableState().run == before.1)
    }

    @Test("A session an earlier version stored on the built-in screens (no source) is not restored, and says why")
    func builtInSessionIsNotRestored() throws {
        var harness = Harness()
        harness.join(1)
        var durable = harness.machine.durableState()
        (durable.source, durable.run, durable.sourceText, durable.sourceDiagnostics) = (nil, nil, nil, nil)
        let configuration = SessionConfiguration()
        #expect(throws: ReplayError.builtInScreens) {
            try SessionMachine(
                restoring: durable, configuration: configuration, compile: MemoizedCompiler.compile, at: harness.now)
        }
        #expect(ReplayError.builtInScreens.description.contains("built-in screens of an earlier FocusSync"))
        durable.id = "not an id"
        #expect(throws: ReplayError.badCapabilities) {
            try SessionMachine(
                restoring: durable, configuration: configuration, compile: MemoizedCompiler.compile, at: harness.now)
        }
    }

    @Test("A restart names the current screen like any intent, and reaches the durable log as its wire form")
    func restartOnTheWire() throws {
        var harness = SourceLessonTests.session(Self.gift)
        let refused = SourceLessonTests.refusal(harness.intent(1, seq: 1, "Elsewhere", .restart))
        #expect(refused?.code == .notCurrentScreen)
        let message = try ClientMessage.decode(
            Array(#"{"type":"intent","seq":2,"screen":"GiftMessageForm","action":"restart"}"#.utf8))
        #expect(message == .intent(IntentMessage(seq: 2, screen: Self.screen, action: .restart)))
        let intent = IntentMessage(seq: 2, screen: Self.screen, action: .restart)
        #expect(try IntentMessage(wire: intent.wire) == intent)
    }
}
