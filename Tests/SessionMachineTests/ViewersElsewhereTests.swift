import FocusProtocol
import Sessions
import Testing

/// A held session's viewers on other processes (relays; docs/SCALING.md), as Redis counts them
/// for its holder: counted in presence, folded as any presence change, and the session is not
/// idle while they watch.
@Suite("Viewers elsewhere")
struct ViewersElsewhereTests {
    @Test("Viewers elsewhere are counted with the viewers here, in presence and in a joining member's snapshot")
    func counted() {
        var harness = Harness()
        harness.join(1, name: "Ada")
        harness.join(2, role: .viewer)
        harness.advance(by: 200)
        harness.handle(.viewersElsewhere(40))
        #expect(harness.presenceMessages.last?.count == PresenceCount(editors: 1, viewers: 41))
        #expect(harness.presenceMessages.last?.joined.isEmpty == true, "counted, never named")
        #expect(harness.machine.presenceCount == PresenceCount(editors: 1, viewers: 41))
        let snapshot = harness.join(3, role: .viewer)
        #expect(snapshot?.count == PresenceCount(editors: 1, viewers: 42))
    }

    @Test("A count that does not change says nothing; changes within an interval go out once, folded")
    func folded() {
        var harness = Harness()
        harness.join(1)
        harness.advance(by: 200)
        let before = harness.presenceMessages.count
        harness.handle(.viewersElsewhere(0))
        #expect(harness.presenceMessages.count == before, "no news")
        harness.handle(.viewersElsewhere(10))
        harness.handle(.viewersElsewhere(25))
        harness.handle(.viewersElsewhere(30))
        harness.advance(by: 200)
        let sent = Array(harness.presenceMessages[before...])
        #expect(sent.map(\.count.viewers) == [10, 30])
    }

    @Test("The session is not idle while viewers watch elsewhere; its idle time starts when the last of them goes")
    func notIdleWhileWatched() {
        var harness = Harness()
        harness.join(1)
        harness.handle(.viewersElsewhere(3))
        harness.handle(.closed(ConnectionID(1)))
        #expect(harness.machine.idleSince == nil, "watched elsewhere")
        harness.advance(by: 5_000)
        harness.handle(.viewersElsewhere(0))
        #expect(harness.machine.idleSince == harness.now.monotonicMilliseconds)
        harness.advance(by: 10)
        harness.handle(.viewersElsewhere(2))
        #expect(harness.machine.idleSince == nil)
        harness.join(2)
        harness.handle(.viewersElsewhere(0))
        #expect(harness.machine.idleSince == nil, "someone is connected here")
    }
}
