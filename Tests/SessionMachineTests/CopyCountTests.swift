import FocusProtocol
import Sessions
import Testing

/// What a relay's copy counts (docs/SCALING.md, "One session's audience"): it reports to the
/// holder only the viewers who joined it, and a viewer joining it is shown, in its first
/// snapshot, the owner's whole count as the copy last heard it.
@Suite("A copy's count")
struct CopyCountTests {
    /// A copy of a session whose owner has one editor.
    private func copy() throws -> Harness {
        var owner = Harness()
        owner.join(1, name: "Ada")
        var copy = Harness()
        copy.machine = try #require(Harness.restored(owner.machine.durableState()))
        copy.machine.becomeCopy()
        return copy
    }

    @Test("A copy counts the viewers who said hello, not a connection still to join")
    func joinedViewersOnly() throws {
        var copy = try copy()
        copy.handle(.opened(ConnectionID(7), role: .viewer))
        copy.join(8, role: .viewer)
        #expect(copy.machine.connectionCount == 2, "the check can fail")
        #expect(copy.machine.joinedViewers == 1)
        copy.handle(.closed(ConnectionID(8)))
        #expect(copy.machine.joinedViewers == 0)
    }

    @Test("A viewer joining a copy gets the owner's count in its snapshot once the copy heard one")
    func ownersCountInTheSnapshot() throws {
        var copy = try copy()
        #expect(copy.join(7, role: .viewer)?.count == PresenceCount(editors: 0, viewers: 1), "its own before it heard")
        copy.handle(.ownerCount(PresenceCount(editors: 1, viewers: 12)))
        #expect(copy.join(8, role: .viewer)?.count == PresenceCount(editors: 1, viewers: 12))
        let resynced = copy.messages(to: 7, in: copy.handle(.received(.resync, from: ConnectionID(7))))
        guard case .snapshot(let snapshot) = resynced.first else {
            Issue.record("no snapshot for a resync: \(resynced)")
            return
        }
        #expect(snapshot.count == PresenceCount(editors: 1, viewers: 12))
        copy.handle(.ownerCount(PresenceCount(editors: 2, viewers: 13)))
        #expect(copy.join(9, role: .viewer)?.count == PresenceCount(editors: 2, viewers: 13), "the latest heard")
    }

    @Test("A session held here keeps its own count whatever it is told of an owner's")
    func heldSessionsKeepTheirOwn() {
        var held = Harness()
        held.join(1, name: "Ada")
        held.handle(.ownerCount(PresenceCount(editors: 5, viewers: 50)))
        #expect(held.join(2, role: .viewer)?.count == PresenceCount(editors: 1, viewers: 1))
    }

    @Test("A share tells the owner's whole count, viewers elsewhere and all, from its catch-up")
    func theShareSaysTheCount() throws {
        var owner = Harness()
        owner.join(1, name: "Ada")
        owner.join(2, role: .viewer)
        owner.handle(.viewersElsewhere(5))
        let catchUp = owner.machine.liveMessages().map { $0.encoded() }
        let share = LiveShare(message: catchUp[1], catchUp: catchUp)
        #expect(LiveShare(decoding: share.encoded())?.presenceCount == PresenceCount(editors: 1, viewers: 6))
        #expect(LiveShare(message: catchUp[0], catchUp: Array(catchUp.dropFirst())).presenceCount == nil)
    }
}
