import FocusCore
import FocusProtocol
import Foundation
import TestSupport
import Testing

@testable import Sessions

/// One change step for sessions running their own source: for random inputs, the live session,
/// the session restored from its stored records (from its start, and from a durable snapshot
/// midway) and the timeline's rebuilding agree at every revision on the drawn screen, the
/// program's run (values, focus, pending timers, tasks), the source, the log and the revision.
/// (``ChangeStepPropertyTests`` holds it for the seed screens, driven by members only.)
@Suite("One change step for a session's own source: live, restored and timeline agree")
struct SourceChangeStepPropertyTests {
    static let seeds: Range<UInt64> = 0..<18
    static let inputs = 80

    /// Where a restored session first stops being the live one.
    struct Divergence: Error, CustomStringConvertible {
        let description: String
    }

    @Test("Each swap a run makes in a source keeps it compiling")
    func swapsCompile() {
        for source in PropertySource.all {
            #expect(MemoizedCompiler.compile(source.text).program != nil, "\(source.name)")
            for index in source.swaps.indices {
                guard let swap = source.swapped(source.text, index) else {
                    Issue.record("\(source.name): neither side of swap \(index) is in the source")
                    continue
                }
                var units = Array(source.text.utf16)
                units.replaceSubrange(swap.at..<(swap.at + swap.delete), with: Array(swap.insert.utf16))
                let compiled = MemoizedCompiler.compile(String(decoding: units, as: UTF16.self))
                #expect(compiled.program != nil, "\(source.name), swap \(index): \(compiled.diagnostics)")
            }
        }
    }

    @Test(
        "Random inputs to the gift, the reminders and a Bool focus form: every revision is the same live, restored and in the timeline",
        arguments: seeds)
    func liveRestoredAndTimelineAgree(seed: UInt64) throws {
        let source = PropertySource.all[Int(seed % UInt64(PropertySource.all.count))]
        var run = SourceSessionRun(source, seed: seed)
        for _ in 0..<Self.inputs where run.failure == nil { run.next() }
        let name = "\(source.name), seed \(seed)"
        if let failure = run.failure {
            Issue.record("\(name): \(failure)")
            return
        }
        let latest = run.revision
        #expect(latest >= 40, "\(name): the run made changes")
        let records = run.harness.log.compactMap { output -> ChangeRecord? in
            if case .persist(.change(let change)) = output { change } else { nil }
        }
        #expect(records.map(\.revision) == Array(1...latest), "\(name): one record a revision")

        // Restored from the start (the session as it was made, before anyone joined) and from a
        // snapshot midway as a host stores it, every record read back from its bytes.
        let live = Observed(run.harness.machine)
        do {
            var restored = try Self.restored(from: run.start, replaying: records, seen: run.seen, now: run.harness.now)
            if let difference = Observed(restored).difference(from: live) { Issue.record("\(name): restored: \(difference)") }
            var rescheduled: [SessionOutput] = []
            restored.rescheduleTimers(into: &rescheduled)
            let timers = rescheduled.compactMap { if case .schedule(.program(let token), _) = $0 { token } else { nil } }
            #expect(timers == live.run?.pendingTimers, "\(name): a restored session starts the timers the live one waits for")

            let midway = try #require(run.midway, "\(name): a snapshot midway")
            let stored = try JSONDecoder().decode(DurableSession.self, from: JSONEncoder().encode(midway))
            _ = try Self.restored(from: stored, replaying: records, seen: run.seen, now: run.harness.now)
        } catch let divergence as Divergence {
            Issue.record("\(name): \(divergence)")
        }

        // The timeline, asked as a member asks: every revision it still keeps.
        var harness = run.harness
        let first = harness.handle(.received(.history(revision: 0), from: ConnectionID(1))).first
        guard case .send(.past(let oldest), _)? = first else {
            Issue.record("\(name): history(0) answered \(String(describing: first))")
            return
        }
        for revision in oldest.earliest...latest {
            guard
                case .send(.past(let past), _)? = harness.handle(.received(.history(revision: revision), from: ConnectionID(1)))
                    .first
            else {
                Issue.record("\(name): history(\(revision)) was not answered with the past")
                continue
            }
            guard past.revision == revision, let then = run.seen[revision] else { continue }
            #expect(past.state == then.snapshot && past.log == then.log, "\(name): the timeline at revision \(revision)")
        }

        // The script that wakes a cancelled task (and, in the note form, a tap that only cancels
        // one) ran: those changes are recorded without a single event.
        let quiet = Self.quietChanges(in: run.harness.log)
        if source.name == "gift" || source.name == "note" {
            #expect(quiet.timers > 0, "\(name): a timer that woke in a cancelled task")
        }
        if source.name == "note" { #expect(quiet.intents > 0, "\(name): a tap that only cancelled a task") }
    }

    @Test("The gift: an email tapped within the 0.75 s cancels the auto-focus task, and the timer that wakes in it is a change")
    func cancelledAutoFocusWakingIsAChange() throws {
        let run = SourceSessionRun(.gift, seed: 0)
        var harness = run.harness
        harness.advance(by: 300)
        let email = try #require(harness.machine.sessionSnapshot().program.drawn.controls.first { $0.title == "Email" }?.key)
        harness.intent(1, seq: 1, "GiftMessageForm", .tap(email))
        let pending = try #require(harness.machine.durableState().run?.pendingTimers)
        #expect(pending.count == 1, "the task sleeps on, cancelled")
        let revision = harness.machine.revision
        let logged = harness.log.count
        harness.advance(by: 500)
        let outputs = Array(harness.log[logged...])
        #expect(harness.machine.revision == revision + 1, "the timer that woke is a change")
        let record = try #require(
            outputs.lazy.compactMap { if case .persist(.change(let change)) = $0 { change } else { nil } }.first)
        #expect(record.cause == .programTimer(pending[0]))
        let update = try #require(RestartTests.update(in: outputs))
        #expect(update.events.isEmpty && update.by == nil, "it did nothing a member sees: \(update.events)")
        #expect(harness.machine.durableState().run?.pendingTimers == [], "no timer is pending")
        #expect(SourceLessonTests.focused(in: harness) == email, "focus stays on the email")

        let records = harness.log.compactMap { if case .persist(.change(let change)) = $0 { change } else { nil } }
        var restored = try Self.restored(from: run.start, replaying: records, seen: [:], now: harness.now)
        #expect(Observed(restored) == Observed(harness.machine))
        var rescheduled: [SessionOutput] = []
        restored.rescheduleTimers(into: &rescheduled)
        #expect(rescheduled.isEmpty, "a restored session does not start the timer again: \(rescheduled)")
    }

    @Test("A tap that only cancels a task is a change: its timer then wakes to do nothing, also a change")
    func tapThatOnlyCancelsATaskIsAChange() throws {
        let run = SourceSessionRun(.note, seed: 0)
        var harness = run.harness
        func tap(_ title: String, seq: Int) throws -> [SessionOutput] {
            let key = try #require(harness.machine.sessionSnapshot().program.drawn.controls.first { $0.title == title }?.key)
            return harness.intent(1, seq: seq, "NoteForm", .tap(key))
        }
        _ = try tap("Edit Later", seq: 1)
        let revision = harness.machine.revision
        let stopped = try tap("Stop", seq: 2)
        #expect(harness.machine.revision == revision + 1, "the task's cancelled flag is part of the run")
        #expect(RestartTests.update(in: stopped)?.events == [])
        #expect(!stopped.contains { if case .send(.ack, _) = $0 { true } else { false } }, "an update answers it, not an ack")
        harness.advance(by: 400)
        #expect(harness.machine.revision == revision + 2 && SourceLessonTests.focused(in: harness) == nil)
        _ = try tap("Stop", seq: 3)
        #expect(harness.machine.revision == revision + 2, "a second Stop changes nothing: no change")

        let records = harness.log.compactMap { if case .persist(.change(let change)) = $0 { change } else { nil } }
        let restored = try Self.restored(from: run.start, replaying: records, seen: [:], now: harness.now)
        #expect(Observed(restored) == Observed(harness.machine))
    }

    @Test("A source put in place (PUT) after members edited it is an edit of it: the next splice is rebased onto the new text")
    func replacedSourceIsAnEditOfIt() throws {
        var harness = SourceSessionRun(.note, seed: 0).harness
        let text = harness.machine.sessionSnapshot().program.source
        harness.intent(
            1, seq: 1, "NoteForm", .splice(.sourceText, base: harness.machine.revision, at: 0, delete: 0, insert: "// A\n"))
        harness.handle(.sourceCompiled("// A\n" + text))
        let put = text.replacingOccurrences(of: "milliseconds(400)", with: "milliseconds(4000)")
        let update = try #require(RestartTests.update(in: harness.handle(.replaceSource(put))))
        #expect(
            update.events.first == .edit(screen: .sourceText, key: .sourceText, ops: [TextSplice(from: "// A\n" + text, to: put)])
        )
        // Made on the text before the PUT, deleting the line the PUT deleted too.
        let revision = harness.machine.revision
        harness.intent(1, seq: 2, "NoteForm", .splice(.sourceText, base: revision - 1, at: 0, delete: 5, insert: "// B\n"))
        #expect(harness.machine.revision == revision + 1)
        let edited = harness.machine.sessionSnapshot().program.source
        #expect(edited.contains("// B\n") && edited.replacingOccurrences(of: "// B\n", with: "") == put, "\(edited.prefix(40))")
    }

    @Test("A session stored while an edit of its source waits to be read is restored with it unread, and asks for it to be read")
    func unreadSourceSurvivesASnapshot() throws {
        var harness = SourceSessionRun(.note, seed: 0).harness
        let broken = harness.machine.sessionSnapshot().program.source + "@@@"
        harness.intent(1, seq: 1, "NoteForm", .edit(.sourceText, broken))
        let durable = harness.machine.durableState()
        #expect(durable.sourceDiagnostics != nil && durable.sourceText == broken)
        var restored = try #require(
            Harness.restored(
                try JSONDecoder().decode(DurableSession.self, from: JSONEncoder().encode(durable)),
                configuration: ChangeStepPropertyTests.configuration, at: harness.now))
        #expect(Observed(restored) == Observed(harness.machine), "the diagnostics of the text read before, no colours")
        var outputs: [SessionOutput] = []
        restored.rescheduleTimers(into: &outputs)
        #expect(outputs.contains(.compileSource(broken)), "a restored host reads the text: \(outputs)")

        let logged = harness.log.count
        harness.handle(.sourceCompiled(broken))
        let reading = try #require(
            harness.log[logged...].lazy.compactMap { if case .persist(.change(let change)) = $0 { change } else { nil } }.first)
        try restored.replay(reading)
        #expect(Observed(restored) == Observed(harness.machine), "the reading replays as it applied")
        #expect(restored.sessionSnapshot().program.diagnostics.contains { $0.severity == .error } == true)
    }

    // MARK: Helpers

    /// The session restored from `start` by replaying the `records` after it, each read back from
    /// its bytes and checked against what the live session was at its revision.
    static func restored(
        from start: DurableSession, replaying records: [ChangeRecord], seen: [Int: Observed], now: MachineTime
    ) throws -> SessionMachine {
        guard var machine = Harness.restored(start, configuration: ChangeStepPropertyTests.configuration, at: now)
        else { throw Divergence(description: "the session at revision \(start.revision) could not be restored") }
        for record in records where record.revision > start.revision {
            let read = try ChangeRecord(revision: record.revision, at: record.at, body: record.encodedBody())
            let from = "restored from revision \(start.revision)"
            do {
                try machine.replay(read)
            } catch {
                throw Divergence(description: "\(from): revision \(record.revision) (\(describe(record.cause))) \(error)")
            }
            if let live = seen[record.revision], let difference = Observed(machine).difference(from: live) {
                throw Divergence(
                    description: "\(from): \(difference) differs at revision \(record.revision), \(describe(record.cause))")
            }
        }
        return machine
    }

    static func describe(_ cause: ChangeRecord.Cause) -> String {
        switch cause {
        case .intent(let intent, _, _, _): "an intent \(intent.action)"
        case .programTimer(let token): "program timer \(token.rawValue)"
        case .source(let text): "a source of \(text.utf8.count) bytes"
        }
    }

    /// Changes recorded whose update told of no event: program timers, and members' intents.
    static func quietChanges(in log: [SessionOutput]) -> (timers: Int, intents: Int) {
        var causes: [Int: ChangeRecord.Cause] = [:]
        var quiet = (timers: 0, intents: 0)
        for output in log {
            switch output {
            case .persist(.change(let change)): causes[change.revision] = change.cause
            case .broadcast(.update(let update)) where update.events.isEmpty:
                switch causes[update.revision] {
                case .programTimer: quiet.timers += 1
                case .intent: quiet.intents += 1
                default: break
                }
            default: break
            }
        }
        return quiet
    }
}
