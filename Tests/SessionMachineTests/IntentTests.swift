import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

@Suite("Intents")
struct IntentTests {
    static func update(in outputs: [SessionOutput]) -> UpdateMessage? {
        outputs.lazy.compactMap { if case .broadcast(.update(let update)) = $0 { update } else { nil } }.first
    }

    @Test("An applied intent raises the revision and broadcasts one update: events and a patch of what changed")
    func appliedIntent() throws {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        let update = try #require(Self.update(in: harness.intent(1, seq: 1, .profileForm, .focus("lastName"))))
        #expect(update.revision == 1 && harness.machine.revision == 1)
        #expect(update.by == MemberID(rawValue: "m1") && update.seq == 1)
        #expect(
            update.events == [
                .state(screen: .profileForm, name: "focus", value: ".lastName"),
                .focus(screen: .profileForm, from: nil, to: "lastName", cause: .tap),
            ])
        let focused = JSONValue.object(update.patch)
        #expect(Set(focused.members.keys) == ["screen", "program"], "only the drawn screen changed: \(update.patch)")
        #expect(focused["screen"].string == Seed.profile, "a program's patch names the screen showing")
        #expect(focused["program"]["drawn"]["focused"].string == "lastName")
        #expect(focused["program"]["drawn"]["content"] == .null, "a focus change does not redraw the fields")
        #expect(focused["program"]["source"] == .null, "nor resend the source")

        let proceed = try #require(Self.update(in: harness.intent(1, seq: 2, .profileForm, .submit)))
        let drawn = JSONValue.object(proceed.patch)["program"]["drawn"]
        #expect(
            proceed.events == [
                .state(screen: .profileForm, name: "focus", value: "nil"),
                .focus(screen: .profileForm, from: "lastName", to: nil, cause: .submit),
            ])
        #expect(drawn["focused"] == .null && drawn.members.keys.contains("focused"), "focus let go, spelled out as null")
        #expect(drawn["content"] == .null, "a focus change does not resend the texts")
        #expect(drawn["name"] == .null, "nor the screen")
    }

    @Test("A resent seq is acknowledged as a duplicate and applied once")
    func duplicateSeq() {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profileForm, .edit("firstName", "Ada"))
        let resent = harness.intent(1, seq: 1, .profileForm, .edit("firstName", "Ada"))
        #expect(resent == [.send(.ack(seq: 1, reason: .duplicate), to: ConnectionID(1))])
        #expect(harness.machine.revision == 1)
        // The seq belongs to the tab, not the connection: after a reconnect it is still a resend.
        harness.handle(.closed(ConnectionID(1)))
        harness.join(2, client: 1)
        #expect(
            harness.intent(2, seq: 1, .profileForm, .submit) == [.send(.ack(seq: 1, reason: .duplicate), to: ConnectionID(2))])
    }

    @Test("An intent that changes nothing is acknowledged to its sender alone; a refused one is an error to its sender alone")
    func unchangedAndRefused() throws {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        harness.intent(1, seq: 1, .profileForm, .focus("lastName"))
        // Next in the last field: the form's step(by:) finds no field after it and does nothing.
        let atEnd = harness.intent(1, seq: 2, .profileForm, .tap(try harness.key(titled: "Next")))
        #expect(atEnd.last == .send(.ack(seq: 2, reason: .unchanged), to: ConnectionID(1)))
        #expect(!atEnd.contains { if case .broadcast = $0 { true } else { false } }, "nobody else hears of it")
        #expect(harness.focused == "lastName")
        let refused = harness.intent(1, seq: 3, .profileForm, .focus(FocusKey("address")))
        #expect(refused.count == 1)
        guard case .send(.error(let error), ConnectionID(1)) = refused.first else {
            Issue.record("expected an error to the sender")
            return
        }
        #expect(error.code == .unknownKey && error.seq == 3)
        #expect(harness.machine.revision == 1)
    }

    @Test("An intent before hello is not_hello_first with its seq")
    func intentBeforeHello() {
        var harness = Harness()
        harness.handle(.opened(ConnectionID(1), role: .editor))
        let outputs = harness.intent(1, seq: 4, .profileForm, .submit)
        #expect(
            outputs.contains {
                if case .send(.error(let error), _) = $0 { error.code == .notHelloFirst && error.seq == 4 } else { false }
            })
    }

    static func programTimers(_ harness: Harness) -> Int {
        harness.timers.keys.filter { if case .program = $0 { true } else { false } }.count
    }

    @Test("The gift screen's auto-focus is a timer the machine asks for; when it fires the server moves focus for everyone")
    func autoFocusTimer() throws {
        var harness = Harness()
        harness.join(1)
        #expect(Self.programTimers(harness) == 0)
        harness.intent(1, seq: 1, .profileForm, .navigate(.giftForm))
        #expect(Self.programTimers(harness) == 1, "the task in onAppear sleeps")
        let before = harness.log.count
        harness.advance(by: 749)
        #expect(harness.log.count == before)
        harness.advance(by: 1)
        let update = try #require(Self.update(in: Array(harness.log[before...])))
        #expect(update.by == nil && update.seq == nil)
        #expect(
            update.events == [
                .state(screen: .giftForm, name: "focus", value: ".message"),
                .focus(screen: .giftForm, from: nil, to: "message", cause: .autoFocus),
            ])
        #expect(harness.focused == "message" && Self.programTimers(harness) == 0)
    }

    @Test("A tap before the auto-focus fires cancels its task: the timer wakes to leave focus where the tap put it")
    func autoFocusCancelled() throws {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profileForm, .navigate(.giftForm))
        let row = try harness.key(titled: "Email")
        harness.intent(1, seq: 2, .giftForm, .focus(row))
        #expect(harness.focused == row)
        let before = harness.log.count
        harness.advance(by: 1_000)
        let woke = Array(harness.log[before...])
        #expect(Self.programTimers(harness) == 0, "the timer fired")
        #expect(Self.update(in: woke)?.events == [], "and its cancelled task did nothing a member sees")
        #expect(harness.focused == row)
    }

    @Test("A member that falls behind gets no more updates and one snapshot once it has caught up")
    func fallingBehind() throws {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        #expect(harness.handle(.fellBehind(ConnectionID(2))) == [.dropBacklog(ConnectionID(2))])
        for seq in 1...50 {
            let outputs = harness.intent(1, seq: seq, .profileForm, .edit("firstName", "v\(seq)"))
            #expect(harness.messages(to: 2, in: outputs).isEmpty)
        }
        #expect(harness.handle(.fellBehind(ConnectionID(2))).isEmpty, "already behind: nothing rebuilt")
        let caughtUp = harness.handle(.caughtUp(ConnectionID(2)))
        guard case .send(.snapshot(let snapshot), ConnectionID(2))? = caughtUp.first, caughtUp.count == 1 else {
            Issue.record("expected exactly one snapshot, got \(caughtUp)")
            return
        }
        #expect(snapshot.revision == 50)
        #expect(harness.machine.recipients.contains(ConnectionID(2)))
    }

    @Test("A connection that stops reading before hello is closed with 1008")
    func fallingBehindBeforeHello() {
        var harness = Harness()
        harness.handle(.opened(ConnectionID(1), role: .editor))
        harness.handle(.fellBehind(ConnectionID(1)))
        #expect(harness.closed[ConnectionID(1)] == .policyViolation)
    }

    @Test("Idle time starts when the last connection closes")
    func idleSince() {
        var harness = Harness()
        #expect(harness.machine.idleSince != nil)
        harness.join(1)
        #expect(harness.machine.idleSince == nil)
        harness.advance(by: 5)
        harness.handle(.closed(ConnectionID(1)))
        #expect(harness.machine.idleSince == harness.now.monotonicMilliseconds)
    }
}
