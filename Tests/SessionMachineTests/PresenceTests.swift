import FocusCore
import FocusProtocol
import Sessions
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
        #expect(messages.first == PresenceMessage(left: [MemberID(rawValue: "m2")], count: PresenceCount(editors: 1, viewers: 0)))
        #expect(messages.last?.renamed.map(\.name) == ["Ada L"])
        #expect(messages.last?.joined.isEmpty == true, "Brief came and went within one interval")
        #expect(messages.last?.left.isEmpty == true)
    }

    @Test("A name respelled in a canonically equivalent way is a rename, by rename or by hello, kept byte for byte")
    func canonicallyEquivalentRename() {
        let composed = "Ren\u{E9}"
        let decomposed = "Rene\u{301}"
        #expect(composed == decomposed, "Swift's String == calls them equal; that is the trap")
        var harness = Harness()
        harness.join(1, name: composed)
        harness.advance(by: 200)
        harness.handle(.received(.rename(name: decomposed), from: ConnectionID(1)))
        harness.advance(by: 200)
        #expect(harness.presenceMessages.last?.renamed.first.map { Array($0.name.utf8) } == Array(decomposed.utf8))
        // The same tab reconnecting with the other spelling.
        let snapshot = harness.join(2, client: 1, name: composed)
        harness.advance(by: 200)
        #expect(snapshot.map { Array($0.you.name.utf8) } == Array(composed.utf8))
        #expect(harness.presenceMessages.last?.renamed.first.map { Array($0.name.utf8) } == Array(composed.utf8))
    }

    @Test(
        "Joins beyond the named limit are counted, not named: every presence message stays small, bytes grow with the joins, not with their square"
    )
    func joinsAreLinear() {
        var harness = Harness()
        for number in 1...5_000 as ClosedRange<UInt64> {
            harness.join(number)
            if number % 10 == 0 { harness.advance(by: 1) }
        }
        harness.advance(by: 200)
        let messages = harness.presenceMessages
        let named = messages.reduce(0) { $0 + $1.joined.count }
        #expect(named == SessionConfiguration().namedMembers, "only the first editors are named")
        #expect(messages.last?.count == PresenceCount(editors: 5_000, viewers: 0))
        #expect(messages.count <= 8, "5,000 joins over half a second: a presence message per 100 ms")
        let largest = messages.map { ServerMessage.presence($0).encoded().count }.max() ?? 0
        #expect(largest < 64 * 80 + 200, "no message grows past the named members: \(largest) bytes")
        let afterTheNames = messages.filter(\.joined.isEmpty).map { ServerMessage.presence($0).encoded().count }
        #expect(
            afterTheNames.count >= 3 && afterTheNames.allSatisfy { $0 < 120 },
            "past the named limit a join costs a count: \(afterTheNames)")
        // A joiner's snapshot names at most the named members and the people its log mentions.
        let late = harness.join(6_000)
        #expect(late?.members.count ?? 0 <= SessionConfiguration().namedMembers + 1)
        #expect(late?.count == PresenceCount(editors: 5_001, viewers: 0))
    }

    @Test("When a named member leaves, the next editor waiting takes the named place")
    func promotion() {
        var configuration = SessionConfiguration()
        configuration.namedMembers = 2
        var harness = Harness(configuration: configuration)
        harness.join(1, name: "Ada")
        harness.join(2, name: "Grace")
        harness.join(3, name: "Alan")
        harness.join(4, name: "Edsger")
        harness.advance(by: 200)
        harness.handle(.closed(ConnectionID(3)))
        harness.handle(.closed(ConnectionID(1)))
        harness.advance(by: 200)
        let last = harness.presenceMessages.last
        #expect(last?.left == [MemberID(rawValue: "m1")], "Alan was never named, so his leaving is only a count")
        #expect(last?.joined.map(\.name) == ["Edsger"], "Edsger takes Ada's place")
        #expect(last?.count == PresenceCount(editors: 2, viewers: 0))
        #expect(harness.machine.present == [MemberID(rawValue: "m2"), MemberID(rawValue: "m4")])
    }

    @Test("Viewers are counted, never named")
    func viewersAreCounted() {
        var harness = Harness()
        harness.join(1, name: "Teacher")
        for number in 2...31 as ClosedRange<UInt64> { harness.join(number, role: .viewer) }
        harness.advance(by: 200)
        #expect(harness.presenceMessages.flatMap(\.joined).map(\.name) == ["Teacher"])
        #expect(harness.presenceMessages.last?.count == PresenceCount(editors: 1, viewers: 30))
        harness.handle(.closed(ConnectionID(5)))
        harness.advance(by: 200)
        #expect(harness.presenceMessages.last == PresenceMessage(count: PresenceCount(editors: 1, viewers: 29)))
    }
}
