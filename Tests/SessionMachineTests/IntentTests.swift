import FocusCore
import FocusProtocol
import Sessions
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
        let update = try #require(Self.update(in: harness.intent(1, seq: 1, .profile, .focus(.lastName))))
        #expect(update.revision == 1 && harness.machine.revision == 1)
        #expect(update.by == MemberID(rawValue: "m1") && update.seq == 1)
        #expect(update.events == [.focus(screen: .profile, from: nil, to: .lastName, cause: .tap)])
        #expect(update.patch.isEmpty, "the focus travels in its event, what it shows is in byFocus, and nothing else changed")

        let proceed = try #require(Self.update(in: harness.intent(1, seq: 2, .profile, .submit)))
        let profile = JSONValue.object(proceed.patch)["screens"]["profile"]
        #expect(proceed.events == [.focus(screen: .profile, from: .lastName, to: nil, cause: .submit)])
        #expect(profile["values"] == .null, "a focus change does not resend the texts")
        #expect(JSONValue.object(proceed.patch)["screens"]["checkout"] == .null, "nor other screens")
    }

    @Test("A resent seq is acknowledged as a duplicate and applied once")
    func duplicateSeq() {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profile, .edit(.firstName, "Ada"))
        let resent = harness.intent(1, seq: 1, .profile, .edit(.firstName, "Ada"))
        #expect(resent == [.send(.ack(seq: 1, reason: .duplicate), to: ConnectionID(1))])
        #expect(harness.machine.revision == 1)
        // The seq belongs to the tab, not the connection: after a reconnect it is still a resend.
        harness.handle(.closed(ConnectionID(1)))
        harness.join(2, client: 1)
        #expect(harness.intent(2, seq: 1, .profile, .submit) == [.send(.ack(seq: 1, reason: .duplicate), to: ConnectionID(2))])
    }

    @Test("An intent that changes nothing is acknowledged to its sender alone; a refused one is an error to its sender alone")
    func unchangedAndRefused() {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        harness.intent(1, seq: 1, .profile, .focus(.lastName))
        let atEnd = harness.intent(1, seq: 2, .profile, .next)
        #expect(atEnd.last == .send(.ack(seq: 2, reason: .toolbarAtEnd), to: ConnectionID(1)))
        #expect(!atEnd.contains { if case .broadcast = $0 { true } else { false } }, "nobody else hears of it")
        let refused = harness.intent(1, seq: 3, .profile, .focus(FocusKey("address")))
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
        let outputs = harness.intent(1, seq: 4, .profile, .submit)
        #expect(
            outputs.contains {
                if case .send(.error(let error), _) = $0 { error.code == .notHelloFirst && error.seq == 4 } else { false }
            })
    }

    @Test("The gift screen's auto-focus is a timer the machine asks for; when it fires the server moves focus for everyone")
    func autoFocusTimer() throws {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profile, .navigate(.gift))
        #expect(harness.timers.keys.contains { if case .autoFocus = $0 { true } else { false } })
        let before = harness.log.count
        harness.advance(by: 749)
        #expect(harness.log.count == before)
        harness.advance(by: 1)
        let update = try #require(Self.update(in: Array(harness.log[before...])))
        #expect(update.by == nil && update.seq == nil)
        #expect(update.events == [.focus(screen: .gift, from: nil, to: .message, cause: .autoFocus)])
    }

    @Test("A tap before the auto-focus fires cancels its timer")
    func autoFocusCancelled() {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profile, .navigate(.gift))
        let row = harness.machine.state[.gift]!.rows(in: .emails)[0]
        harness.intent(1, seq: 2, .gift, .focus(.row(id: row)))
        #expect(!harness.timers.keys.contains { if case .autoFocus = $0 { true } else { false } })
        harness.advance(by: 1_000)
        #expect(harness.machine.state[.gift]?.focus == .row(id: row))
    }

    @Test("A member that falls behind gets no more updates and one snapshot once it has caught up")
    func fallingBehind() throws {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        #expect(harness.handle(.fellBehind(ConnectionID(2))) == [.dropBacklog(ConnectionID(2))])
        for seq in 1...50 {
            let outputs = harness.intent(1, seq: seq, .profile, .edit(.firstName, "v\(seq)"))
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
