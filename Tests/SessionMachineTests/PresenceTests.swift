import FocusCore
import FocusProtocol
import SessionMachine
import Testing

@Suite("Presence")
struct PresenceTests {
    @Test("Presence goes out at most once per interval, as deltas folded in between")
    func interval() {
        var harness = Harness()
        harness.join(1, name: "Ada")
        #expect(harness.presenceMessages.count == 1, "the first change goes out at once")
        harness.advance(by: 10)
        harness.join(2, name: "Grace")
        harness.join(3, name: "Alan")
        #expect(harness.presenceMessages.count == 1, "within 100 ms of the last: folded")
        #expect(harness.timers[.presence] != nil)
        harness.advance(by: 89)
        #expect(harness.presenceMessages.count == 1)
        harness.advance(by: 1)
        #expect(harness.presenceMessages.count == 2)
        #expect(harness.presenceMessages[1].joined.map(\.name) == ["Grace", "Alan"])
        #expect(harness.presenceMessages[1].left.isEmpty)
    }

    @Test("Leaves and renames are deltas; a member who comes and goes within one interval is never mentioned")
    func deltas() {
        var harness = Harness()
        harness.join(1, name: "Ada")
        harness.join(2, name: "Grace")
        harness.advance(by: 200)
        let before = harness.presenceMessages.count
        harness.handle(.closed(ConnectionID(2)))
        harness.handle(.received(.rename(name: "Ada L"), from: ConnectionID(1)))
        harness.join(3, name: "Brief")
        harness.handle(.closed(ConnectionID(3)))
        harness.advance(by: 200)
        let messages = Array(harness.presenceMessages[before...])
        #expect(messages.count == 2, "the leave goes out at once; what follows within 100 ms is folded")
        #expect(messages.first == PresenceMessage(left: [MemberID(rawValue: "m2")]))
        #expect(messages.last?.renamed.map(\.name) == ["Ada L"])
        #expect(messages.last?.joined.isEmpty == true, "Brief came and went within one interval")
        #expect(messages.last?.left.isEmpty == true)
    }

    @Test("A thousand joins cost a presence message per interval, each carrying only its joins: bytes grow linearly")
    func joinsAreLinear() {
        var harness = Harness()
        var presenceBytes = 0
        for number in 1...1_000 as ClosedRange<UInt64> {
            harness.join(number)
            harness.advance(by: 1)
        }
        harness.advance(by: 200)
        for message in harness.presenceMessages {
            presenceBytes += ServerMessage.presence(message).encoded().count
        }
        let joinedMentions = harness.presenceMessages.reduce(0) { $0 + $1.joined.count }
        #expect(joinedMentions == 1_000, "every join is announced exactly once")
        #expect(harness.presenceMessages.count <= 12, "1,000 joins over one second: about ten messages")
        #expect(presenceBytes < 1_000 * 80, "about one member record per join")
    }
}
