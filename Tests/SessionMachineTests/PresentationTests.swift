import FocusCore
import FocusProtocol
import Sessions
import SwiftUISource
import TestSupport
import Testing

/// The presenter steers: one member presents (the first editor, or whoever they hand the role
/// to), kept across reconnects and restarts; only they change the presentation; a lesson's timer
/// in Present waits for their Ready, and slow motion runs timers four times slower.
@Suite("The presenter steers")
struct PresentationTests {
    static let gift = SourceLessonTests.seed("gift")
    static let screen: ScreenID = "GiftMessageForm"

    static func presentation(_ harness: Harness, to number: UInt64 = 1) -> PresentationState? {
        harness.log.reversed().lazy.compactMap {
            switch $0 {
            case .broadcast(.presentation(let state)): state
            case .send(.snapshot(let snapshot), ConnectionID(number)): snapshot.presentation
            default: nil
            }
        }.first
    }

    static func broadcasts(_ outputs: [SessionOutput]) -> [PresentationState] {
        outputs.compactMap { if case .broadcast(.presentation(let state)) = $0 { state } else { nil } }
    }

    static func persisted(_ outputs: [SessionOutput]) -> [DurableMember] {
        outputs.compactMap { if case .persist(.member(let member)) = $0 { member } else { nil } }
    }

    static func programTimers(_ outputs: [SessionOutput]) -> [Int] {
        outputs.compactMap { if case .schedule(.program, let milliseconds) = $0 { milliseconds } else { nil } }
    }

    @discardableResult
    static func send(_ message: ClientMessage, from number: UInt64, in harness: inout Harness) -> [SessionOutput] {
        harness.handle(.received(message, from: ConnectionID(number)))
    }

    /// Connection 1 of a restored machine says hello as the tab of `client`: the snapshot it gets.
    static func rejoin(_ restored: inout SessionMachine, client: Int) -> MemberSnapshot? {
        var outputs: [SessionOutput] = []
        var ids = SplitMix64(seed: 3)
        restored.handle(.opened(ConnectionID(1), role: .editor), at: restoredTime, ids: &ids, into: &outputs)
        restored.handle(
            .received(.hello(clientId: Harness.clientId(client), name: nil), from: ConnectionID(1)), at: restoredTime,
            ids: &ids, into: &outputs)
        return outputs.lazy.compactMap { if case .sendSnapshot(let member, _) = $0 { member } else { nil } }.first
    }

    static let restoredTime = MachineTime(monotonicMilliseconds: 0, wallMilliseconds: 0)

    @Test("The first editor to join presents (a viewer before them does not); everyone's snapshot says so")
    func firstEditorPresents() throws {
        var harness = Harness()
        let watcherJoining = harness.join(5, role: .viewer)
        let watcher = try #require(watcherJoining)
        #expect(watcher.presentation.presenter == nil, "a viewer never presents")
        let firstJoining = harness.join(1)
        let first = try #require(firstJoining)
        #expect(first.presentation.presenter == first.you.member)
        #expect(Self.persisted(harness.log).last?.presenting == PresentationSettings(), "kept on the presenter's record")
        let secondJoining = harness.join(2)
        let second = try #require(secondJoining)
        #expect(second.presentation.presenter == first.you.member)
        #expect(Self.presentation(harness, to: 5)?.presenter == first.you.member, "the viewer heard who presents")
    }

    @Test("Only the presenter steers: another editor and a viewer are refused with not_presenter, and nothing changes")
    func onlyThePresenterSteers() throws {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        harness.join(3, role: .viewer)
        let request = ClientMessage.presentation(PresentationRequest(present: true, followLock: true))
        for number: UInt64 in [2, 3] {
            for message in [request, .ready, .presenter(MemberID(rawValue: "m2"))] {
                let outputs = Self.send(message, from: number, in: &harness)
                #expect(StepTests.refusal(outputs)?.code == .notPresenter, "\(message) from \(number)")
                #expect(Self.broadcasts(outputs).isEmpty)
            }
        }
        let steered = Self.send(request, from: 1, in: &harness)
        let state = try #require(Self.broadcasts(steered).first)
        #expect(state.settings == PresentationSettings(present: true, followLock: true))
        #expect(harness.messages(to: 3, in: steered).contains(.presentation(state)), "every member hears it, viewers too")
        #expect(Self.persisted(steered).map(\.presenting) == [state.settings])
        #expect(Self.broadcasts(Self.send(request, from: 1, in: &harness)).isEmpty, "the same settings again say nothing")
    }

    @Test("The timeline's revision is kept below the live one: the live revision, or one not reached, is Live")
    func revisionIsLiveAtTheTop() throws {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profileForm, .focus("firstName"))
        harness.intent(1, seq: 2, .profileForm, .focus("lastName"))
        let live = harness.machine.revision
        Self.send(.presentation(PresentationRequest(revision: .some(live - 1))), from: 1, in: &harness)
        #expect(Self.presentation(harness)?.settings.revision == live - 1)
        Self.send(.presentation(PresentationRequest(revision: .some(live + 5))), from: 1, in: &harness)
        #expect(Self.presentation(harness)?.settings.revision == nil)
        Self.send(.presentation(PresentationRequest(revision: .some(1))), from: 1, in: &harness)
        Self.send(.presentation(PresentationRequest(revision: .some(nil))), from: 1, in: &harness)
        #expect(Self.presentation(harness)?.settings.revision == nil, "null is Live")
    }

    @Test(
        "The presenter hands the role to a connected editor, never to a viewer or someone gone; the old one then steers nothing"
    )
    func handOver() throws {
        var harness = Harness()
        harness.join(1)
        let secondJoining = harness.join(2)
        let second = try #require(secondJoining)
        let viewerJoining = harness.join(3, role: .viewer)
        let viewer = try #require(viewerJoining)
        Self.send(.presentation(PresentationRequest(slowMotion: true)), from: 1, in: &harness)
        for member in [viewer.you.member, MemberID(rawValue: "m99")] {
            let outputs = Self.send(.presenter(member), from: 1, in: &harness)
            #expect(StepTests.refusal(outputs)?.code == .unknownMember)
        }
        let handed = Self.send(.presenter(second.you.member), from: 1, in: &harness)
        #expect(Self.broadcasts(handed).first?.presenter == second.you.member)
        #expect(Self.broadcasts(handed).first?.settings.slowMotion == true, "the settings go with the role")
        #expect(Self.persisted(handed).map(\.presenting) == [nil, PresentationSettings(slowMotion: true)])
        let old = Self.send(.presentation(PresentationRequest(present: true)), from: 1, in: &harness)
        #expect(StepTests.refusal(old)?.code == .notPresenter)
        #expect(StepTests.refusal(old)?.message.hasPrefix("\(second.you.name) presents") == true)
    }

    @Test("An editor takes the role while the presenter has no tab connected, never a viewer, never before")
    func takenWhileThePresenterIsAway() throws {
        var harness = Harness()
        let firstJoining = harness.join(1)
        let first = try #require(firstJoining)
        let secondJoining = harness.join(2)
        let second = try #require(secondJoining)
        let viewerJoining = harness.join(3, role: .viewer)
        let viewer = try #require(viewerJoining)
        Self.send(.presentation(PresentationRequest(slowMotion: true)), from: 1, in: &harness)
        let early = Self.send(.presenter(second.you.member), from: 2, in: &harness)
        #expect(StepTests.refusal(early)?.code == .notPresenter, "not while the presenter is here")
        harness.handle(.closed(ConnectionID(1)))
        for (number, member) in [(2, first.you.member), (3, viewer.you.member)] {
            let refused = Self.send(.presenter(member), from: UInt64(number), in: &harness)
            #expect(StepTests.refusal(refused)?.code == .notPresenter, "only for oneself, as an editor")
        }
        let taken = Self.send(.presenter(second.you.member), from: 2, in: &harness)
        let state = try #require(Self.broadcasts(taken).first)
        #expect(state.presenter == second.you.member && state.settings.slowMotion, "the settings go with the role")
        #expect(Self.persisted(taken).map(\.presenting) == [nil, PresentationSettings(slowMotion: true)])
        let backJoining = harness.join(11, client: 1)
        let back = try #require(backJoining)
        #expect(back.presentation.presenter == second.you.member, "the old presenter's tab back presents no more")
        #expect(StepTests.refusal(Self.send(.ready, from: 11, in: &harness))?.code == .notPresenter)
    }

    @Test("The role is kept across a reconnect and a restart; a new client id (a duplicated tab) joins as someone else")
    func keptAcrossReconnectsAndRestarts() throws {
        var harness = Harness()
        let firstJoining = harness.join(1)
        let first = try #require(firstJoining)
        harness.join(2)
        Self.send(.presentation(PresentationRequest(present: true, followLock: true)), from: 1, in: &harness)
        harness.handle(.closed(ConnectionID(1)))
        let backJoining = harness.join(11, client: 1)
        let back = try #require(backJoining)
        #expect(back.presentation.presenter == first.you.member, "the presenter's tab back again presents")
        let copyJoining = harness.join(12, client: 99)
        let copy = try #require(copyJoining)
        #expect(copy.you.member != first.you.member && copy.presentation.presenter == first.you.member)
        #expect(StepTests.refusal(Self.send(.ready, from: 12, in: &harness))?.code == .notPresenter)

        var restored = try #require(Harness.restored(harness.machine.durableState()))
        let snapshot = try #require(Self.rejoin(&restored, client: 2))
        #expect(snapshot.presentation.presenter == first.you.member, "another editor first after the restart does not take it")
        #expect(snapshot.presentation.settings == PresentationSettings(present: true, followLock: true))
    }

    @Test("A stored record replayed after the snapshot hands the role as it was handed")
    func replayedRecordsHandTheRole() throws {
        var harness = Harness()
        harness.join(1)
        let secondJoining = harness.join(2)
        let second = try #require(secondJoining)
        let durable = harness.machine.durableState()
        let handed = Self.send(.presenter(second.you.member), from: 1, in: &harness)
        var restored = try #require(Harness.restored(durable))
        for record in Self.persisted(handed) { restored.restore(record) }
        let snapshot = try #require(Self.rejoin(&restored, client: 1))
        #expect(snapshot.presentation.presenter == second.you.member)
    }

    /// The gift lesson followed by presenter 1 with a second member 2, Present on.
    static func giftLesson() throws -> Harness {
        var harness = SourceLessonTests.session(Self.gift)
        harness.join(2)
        harness.advance(by: 1_000)
        harness.intent(1, seq: 1, Self.screen, .lesson("gift-source", step: 0))
        Self.send(.presentation(PresentationRequest(present: true)), from: 1, in: &harness)
        return harness
    }

    @Test("In Present, a lesson step's timer waits for the presenter's Ready: the gift's 0.75 s focus starts only then")
    func timersWaitForReady() throws {
        var harness = try Self.giftLesson()
        let restarted = harness.intent(1, seq: 2, Self.screen, .restart)
        #expect(Self.programTimers(restarted).isEmpty, "nothing scheduled yet")
        #expect(Self.broadcasts(restarted).last?.waiting == 1, "everyone sees a timer waiting")
        harness.advance(by: 5_000)
        #expect(SourceLessonTests.focused(in: harness) == nil, "no focus while the class waits")
        #expect(StepTests.refusal(Self.send(.ready, from: 2, in: &harness))?.code == .notPresenter)

        let ready = Self.send(.ready, from: 1, in: &harness)
        #expect(Self.programTimers(ready) == [750])
        #expect(Self.broadcasts(ready).last?.waiting == 0)
        harness.advance(by: 749)
        #expect(SourceLessonTests.focused(in: harness) == nil)
        harness.advance(by: 1)
        #expect(SourceLessonTests.focused(in: harness) == "message", "0.75 s after Ready")
    }

    @Test("After a restart in Present, a lesson's pending timer waits for Ready again instead of starting alone")
    func heldTimersWaitAgainAfterARestart() throws {
        var harness = try Self.giftLesson()
        harness.intent(1, seq: 2, Self.screen, .restart)
        var restored = try #require(Harness.restored(harness.machine.durableState()))
        var outputs: [SessionOutput] = []
        restored.rescheduleTimers(into: &outputs)
        #expect(Self.programTimers(outputs).isEmpty, "nothing starts before the presenter says Ready")
        let snapshot = try #require(Self.rejoin(&restored, client: 1))
        #expect(snapshot.presentation.waiting == 1, "the presenter's tab back is offered Ready")
        outputs.removeAll()
        var ids = SplitMix64(seed: 4)
        restored.handle(.received(.ready, from: ConnectionID(1)), at: Self.restoredTime, ids: &ids, into: &outputs)
        #expect(Self.programTimers(outputs) == [750])
    }

    @Test("A timer held for Ready that the program cancels is gone; Present off lets held timers go")
    func heldTimersCancelledOrReleased() throws {
        var harness = try Self.giftLesson()
        harness.intent(1, seq: 2, Self.screen, .restart)
        let again = harness.intent(1, seq: 3, Self.screen, .restart)
        #expect(Self.programTimers(again).isEmpty)
        #expect(Self.presentation(harness)?.waiting == 1, "the first restart's timer was cancelled, the second's waits")
        let off = Self.send(.presentation(PresentationRequest(present: false)), from: 1, in: &harness)
        #expect(Self.programTimers(off) == [750])
        harness.advance(by: 750)
        #expect(SourceLessonTests.focused(in: harness) == "message")
    }

    @Test("Slow motion runs the session's timers four times slower, and counts down to each for everyone")
    func slowMotion() throws {
        var harness = SourceLessonTests.session(Self.gift)
        harness.join(2)
        harness.advance(by: 1_000)
        Self.send(.presentation(PresentationRequest(slowMotion: true)), from: 1, in: &harness)
        let restarted = harness.intent(1, seq: 1, Self.screen, .restart)
        #expect(Self.programTimers(restarted) == [3_000])
        let due = harness.now.wallMilliseconds + 3_000
        #expect(Self.broadcasts(restarted).last?.timers == [due], "the countdown's end, for every page")
        harness.advance(by: 2_999)
        #expect(SourceLessonTests.focused(in: harness) == nil)
        harness.advance(by: 1)
        #expect(SourceLessonTests.focused(in: harness) == "message")
        #expect(Self.presentation(harness)?.timers == [], "gone off: nothing to count down")
    }

    @Test("presentation, presenter and ready read from the wire; a wrong field is bad_message")
    func decoding() throws {
        func decode(_ text: String) throws(ProtocolError) -> ClientMessage { try ClientMessage.decode(Array(text.utf8)) }
        #expect(
            try decode(#"{"type":"presentation","present":true,"revision":null}"#)
                == .presentation(PresentationRequest(present: true, revision: .some(nil))))
        #expect(try decode(#"{"type":"presentation","revision":4}"#) == .presentation(PresentationRequest(revision: .some(4))))
        #expect(try decode(#"{"type":"presenter","member":"m2"}"#) == .presenter(MemberID(rawValue: "m2")))
        #expect(try decode(#"{"type":"ready"}"#) == .ready)
        #expect(throws: ProtocolError.self) { try decode(#"{"type":"presentation","slowMotion":"yes"}"#) }
    }
}
