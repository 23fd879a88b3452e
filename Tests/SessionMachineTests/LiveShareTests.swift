import FocusCore
import FocusProtocol
import Sessions
import Testing

/// What a session shows without a change reaches a relay's viewers as the owner's own messages,
/// and a copy's snapshot is made live by ``SessionMachine/liveMessages()``; the copy announces
/// no presence of its own.
@Suite("What an owner shares without a change")
struct LiveShareTests {
    @Test("The live messages name who is present and how many, and say Step is off")
    func liveMessagesSayWhoIsHere() throws {
        var owner = Harness()
        owner.join(1, name: "Ada")
        owner.join(2, name: "Grace")
        owner.join(3, role: .viewer)
        owner.advance(by: 1_000)
        let live = owner.machine.liveMessages()
        guard case .presence(let presence) = live.first else {
            Issue.record("no presence first: \(live)")
            return
        }
        #expect(presence.joined.map(\.name) == ["Ada", "Grace"])
        #expect(presence.count == PresenceCount(editors: 2, viewers: 1))
        #expect(live.contains(.stepping(patch: JSONObject([("stepping", .null)]))))
        #expect(live.allSatisfy(SessionMachine.isLive))
        #expect(!SessionMachine.isLive(.pong))
    }

    @Test("A copy's viewers joining announce no presence: the owner's is what they see")
    func aCopyAnnouncesNoPresence() throws {
        var owner = Harness()
        owner.join(1, name: "Ada")
        var copy = Harness()
        copy.machine = try #require(Harness.restored(owner.machine.durableState()))
        copy.machine.becomeCopy()
        copy.join(7, client: 7, role: .viewer)
        copy.join(8, client: 8, role: .viewer)
        copy.advance(by: 5_000)
        let presence = copy.log.filter { if case .broadcast(.presence) = $0 { true } else { false } }
        #expect(presence.isEmpty, "\(presence)")
        #expect(copy.machine.presenceCount.viewers == 2)

        var plain = Harness()
        plain.join(7, client: 7, role: .viewer)
        plain.join(8, client: 8, role: .viewer)
        plain.advance(by: 5_000)
        #expect(plain.log.contains { if case .broadcast(.presence) = $0 { true } else { false } }, "the check can fail")
    }

    @Test("A share goes through its bytes unchanged, line breaks inside its messages and all")
    func sharesRoundTrip() throws {
        let message = ServerMessage.error(ProtocolError(.badMessage, "two\nlines")).encoded()
        #expect(!message.contains(UInt8(ascii: "\n")))
        let share = LiveShare(message: message, catchUp: [Array("{\"a\":1}".utf8), Array("{}".utf8)])
        #expect(LiveShare(decoding: share.encoded()) == share)
        #expect(LiveShare(decoding: message) == LiveShare(message: message, catchUp: []))
        #expect(LiveShare(decoding: []) == nil)
    }
}
