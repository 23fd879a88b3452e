import FocusCore
import FocusProtocol
import Sessions
import SwiftUISource
import TestSupport
import Testing

/// Step: an editor's next action held and stepped through one statement at a time, every other
/// intent refused meanwhile, and the action applied as the one change it would have been.
@Suite("Step through an action")
struct StepTests {
    static var source: String {
        get throws { try Fixtures.stepSignUp }
    }
    static let screen: ScreenID = "SignUp"

    /// A session on the form with two editors, 1 and 2; 1 has typed a username.
    static func session() throws -> Harness {
        var harness = Harness(compile: SourceCompilation.compile, source: try source)
        harness.join(1)
        harness.join(2)
        harness.intent(1, seq: 1, screen, .edit("username", "ada"))
        return harness
    }

    /// The line of the source that holds `text` (from 1).
    static func line(_ text: String) throws -> Int {
        (try source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) } ?? -1) + 1
    }

    static func stepping(_ harness: Harness) -> SteppingSnapshot? { harness.machine.sessionSnapshot().stepping }

    static func refusal(_ outputs: [SessionOutput]) -> ProtocolError? {
        outputs.lazy.compactMap { if case .send(.error(let error), _) = $0 { error } else { nil } }.first
    }

    static func patches(_ outputs: [SessionOutput]) -> [JSONObject] {
        outputs.compactMap { if case .broadcast(.stepping(let patch)) = $0 { patch } else { nil } }
    }

    static func changes(_ outputs: [SessionOutput]) -> [ChangeRecord] {
        outputs.compactMap { if case .persist(.change(let change)) = $0 { change } else { nil } }
    }

    @discardableResult
    static func send(_ message: ClientMessage, from number: UInt64, in harness: inout Harness) -> [SessionOutput] {
        harness.handle(.received(message, from: ConnectionID(number)))
    }

    @Test("Step on holds the next tap with its statements; forward and back move the statement every member sees")
    func holdsAndSteps() throws {
        var harness = try Self.session()
        let revision = harness.machine.revision
        let on = Self.send(.step(on: true), from: 1, in: &harness)
        #expect(Self.patches(on) == [JSONObject([("stepping", .object(JSONObject([("by", .string("m1"))])))])])
        #expect(Self.stepping(harness) == SteppingSnapshot(by: "m1"))

        let tapped = harness.intent(1, seq: 2, Self.screen, .tap(try harness.key(titled: "Sign Up")))
        #expect(Self.changes(tapped).isEmpty && harness.machine.revision == revision, "held: nothing changed yet")
        #expect(!tapped.contains { if case .send(.ack, _) = $0 { true } else { false } }, "answered when it finishes")
        let held = try #require(Self.stepping(harness))
        #expect(held.action == "tap" && held.at == 0)
        let lines = try #require(held.statements).map(\.line)
        let expected = ["Button(\"Sign Up\")", "if username.isEmpty", "} else if email.isEmpty", "focusedField = .email"]
        #expect(try lines == expected.map(Self.line), "the button, two conditions and the assignment")
        #expect(held.statements?[1].reads == [NamedValue(name: "username.isEmpty", value: "false")])
        #expect(
            held.statements?[2].reads == [
                NamedValue(name: "email.isEmpty", value: "true"),
                NamedValue(name: "email.isEmpty || !email.contains(\"@\")", value: "true"),
            ])
        #expect(held.statements?[3].focusAfter == [NamedValue(name: "focusedField", value: ".email")])

        Self.send(.stepForward, from: 1, in: &harness)
        let forward = Self.send(.stepForward, from: 1, in: &harness)
        #expect(Self.patches(forward) == [JSONObject([("stepping", .object(JSONObject([("at", .integer(2))])))])])
        Self.send(.stepBack, from: 1, in: &harness)
        #expect(Self.stepping(harness)?.at == 1)
        #expect(harness.focused == nil && harness.machine.revision == revision, "still held")

        let joining = harness.join(3)
        let joined = try #require(joining)
        #expect(try joined.state.decoded().stepping?.at == 1, "a member joining now sees the statement shown")
    }

    @Test("While an action is held, every other intent is refused with stepping and changes nothing; only the stepper steps")
    func othersAreRefused() throws {
        var harness = try Self.session()
        Self.send(.step(on: true), from: 1, in: &harness)
        harness.intent(1, seq: 2, Self.screen, .tap(try harness.key(titled: "Sign Up")))
        let revision = harness.machine.revision
        let before = harness.machine.sessionSnapshot()

        let typed = harness.intent(2, seq: 1, Self.screen, .edit("email", "grace@example.com"))
        #expect(Self.refusal(typed)?.code == .stepHeld)
        #expect(Self.refusal(typed)?.seq == 1)
        #expect(Self.refusal(typed)?.message.contains(" is stepping through an action;") == true)
        let own = harness.intent(1, seq: 3, Self.screen, .focus("email"))
        #expect(Self.refusal(own)?.message.hasPrefix("You are stepping") == true)
        for message in [ClientMessage.stepForward, .stepBack, .stepFinish, .step(on: false), .step(on: true)] {
            let outputs = Self.send(message, from: 2, in: &harness)
            #expect(Self.refusal(outputs)?.code == .stepHeld, "\(message)")
        }
        #expect(harness.machine.revision == revision)
        #expect(harness.machine.sessionSnapshot() == before)

        harness.join(4, role: .viewer)
        #expect(Self.refusal(Self.send(.stepForward, from: 4, in: &harness))?.code == .readOnly)
    }

    @Test("Stepping past the last statement applies exactly the change running it at once makes, answered to its sender")
    func finishingAppliesWhatRunningAtOnceWould() throws {
        var stepped = try Self.session()
        var direct = try Self.session()
        let key = try direct.key(titled: "Sign Up")
        let once = direct.intent(1, seq: 2, Self.screen, .tap(key))

        Self.send(.step(on: true), from: 1, in: &stepped)
        stepped.intent(1, seq: 2, Self.screen, .tap(key))
        var finished: [SessionOutput] = []
        for _ in 0..<4 { finished = Self.send(.stepForward, from: 1, in: &stepped) }
        #expect(Self.stepping(stepped) == SteppingSnapshot(by: "m1"), "Step stays on, nothing held")
        #expect(
            Self.patches(finished).first
                == JSONObject([("stepping", .object(JSONObject([("action", .null), ("at", .null), ("statements", .null)])))]))

        let (one, other) = (try #require(Self.changes(once).first), try #require(Self.changes(finished).first))
        #expect(one.cause == other.cause && one.draws == other.draws && one.revision == other.revision)
        let update = { (outputs: [SessionOutput]) in
            outputs.lazy.compactMap { if case .broadcast(.update(let update)) = $0 { update } else { nil } }.first
        }
        let (direct1, stepped1) = (try #require(update(once)), try #require(update(finished)))
        #expect(direct1.events == stepped1.events && direct1.lines == stepped1.lines && direct1.patch == stepped1.patch)
        #expect(stepped1.by?.rawValue == "m1" && stepped1.seq == 2)
        #expect(stepped.focused == "email" && direct.focused == "email")
        var program = stepped.machine.sessionSnapshot()
        program.stepping = nil
        #expect(program == direct.machine.sessionSnapshot())
        #expect(stepped.machine.durableState() == direct.machine.durableState())
    }

    @Test("Turning Step off finishes the held action; Finish does too and keeps Step on for the next")
    func turningStepOffFinishes() throws {
        var harness = try Self.session()
        Self.send(.step(on: true), from: 1, in: &harness)
        harness.intent(1, seq: 2, Self.screen, .tap(try harness.key(titled: "Sign Up")))
        let off = Self.send(.step(on: false), from: 1, in: &harness)
        #expect(Self.patches(off) == [JSONObject([("stepping", .null)])])
        #expect(Self.changes(off).count == 1)
        #expect(harness.focused == "email" && Self.stepping(harness) == nil)

        Self.send(.step(on: true), from: 1, in: &harness)
        harness.intent(1, seq: 3, Self.screen, .edit("email", "ada@example.com"))
        #expect(harness.value(of: "email") == "ada@example.com", "typing runs no statement: applied at once")
        harness.intent(1, seq: 4, Self.screen, .tap(try harness.key(titled: "Sign Up")))
        // The button, three conditions (the password is empty) and the assignment.
        #expect(Self.stepping(harness)?.statements?.count == 5)
        let finish = Self.send(.stepFinish, from: 1, in: &harness)
        #expect(Self.changes(finish).count == 1)
        #expect(harness.focused == "password" && Self.stepping(harness) == SteppingSnapshot(by: "m1"))
    }

    @Test("Timers wait while an action is held, go off once it finishes, and are held themselves while Step is on")
    func timersWait() throws {
        var harness = try Self.session()
        let later = try harness.key(titled: "Later")
        harness.intent(1, seq: 2, Self.screen, .tap(later))
        Self.send(.step(on: true), from: 1, in: &harness)
        harness.intent(1, seq: 3, Self.screen, .tap(later))
        #expect(Self.stepping(harness)?.statements?.count == 2)
        let revision = harness.machine.revision
        harness.advance(by: 600)
        #expect(harness.machine.revision == revision && harness.focused == nil, "the first tap's timer waits")

        Self.send(.stepFinish, from: 1, in: &harness)
        #expect(harness.machine.revision == revision + 1, "the tap is applied")
        let timer = try #require(Self.stepping(harness))
        #expect(timer.action == "timer" && timer.statements?.count == 1, "the timer that waited is the next action held")
        #expect(harness.focused == nil)

        let off = Self.send(.step(on: false), from: 1, in: &harness)
        #expect(Self.changes(off).count == 1)
        #expect(harness.focused == "password", "the timer ran once Step went off")
        harness.advance(by: 600)
        #expect(harness.machine.revision == revision + 3, "the held tap's own timer went off later, as it would have")
    }

    @Test("The stepper's tab leaving finishes the held action and turns Step off")
    func stepperLeaving() throws {
        var harness = try Self.session()
        Self.send(.step(on: true), from: 1, in: &harness)
        harness.intent(1, seq: 2, Self.screen, .tap(try harness.key(titled: "Sign Up")))
        let left = harness.handle(.closed(ConnectionID(1)))
        #expect(Self.changes(left).count == 1)
        #expect(Self.stepping(harness) == nil && harness.focused == "email")
        #expect(harness.machine.durableState().members.first { $0.clientId == Harness.clientId(1) }?.lastSeq == 2)
    }
}
