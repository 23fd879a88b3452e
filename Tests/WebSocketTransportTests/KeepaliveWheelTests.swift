import Testing

@testable import WebSocketTransport

@Suite("Keepalive wheel")
struct KeepaliveWheelTests {
    final class Member: KeepaliveMember {
        var keepalive: KeepaliveState
        var needsKeepalive = true
        init(openedAt tick: Int, jitter: Int = 0) {
            keepalive = KeepaliveState(openedAt: tick, jitter: jitter)
        }
    }

    private func actions(_ wheel: inout KeepaliveWheel<Member>, to tick: Int) -> [KeepaliveAction] {
        wheel.advance(to: tick).map(\.action)
    }

    @Test func pingsAfterTheIntervalAndHangsUpWithoutAPong() {
        var wheel = KeepaliveWheel<Member>(pingAfter: 10, hangUpAfter: 25, now: 0)
        let member = Member(openedAt: 0)
        wheel.add(member)
        #expect(actions(&wheel, to: 9).isEmpty)
        #expect(actions(&wheel, to: 10) == [.ping])
        #expect(actions(&wheel, to: 24).isEmpty)  // one PING, not one per tick
        #expect(actions(&wheel, to: 25) == [.hangUp])
        #expect(actions(&wheel, to: 100).isEmpty)
        #expect(wheel.isEmpty)
    }

    @Test func aPongPostponesTheNextPing() {
        var wheel = KeepaliveWheel<Member>(pingAfter: 10, hangUpAfter: 25, now: 0)
        let member = Member(openedAt: 0)
        wheel.add(member)
        #expect(actions(&wheel, to: 10) == [.ping])
        member.keepalive.lastPong = 10  // answered within the tick it was sent
        #expect(actions(&wheel, to: 19).isEmpty)
        #expect(actions(&wheel, to: 20) == [.ping])
        member.keepalive.lastPong = 22
        #expect(actions(&wheel, to: 31).isEmpty)
        #expect(actions(&wheel, to: 32) == [.ping])
        #expect(actions(&wheel, to: 46).isEmpty)
        #expect(actions(&wheel, to: 47) == [.hangUp])
    }

    @Test func jitterSpreadsConnectionsOpenedTogether() {
        var wheel = KeepaliveWheel<Member>(pingAfter: 40, hangUpAfter: 100, now: 0)
        let members = (0..<200).map { Member(openedAt: 0, jitter: wheel.jitter(for: UInt64($0))) }
        for member in members { wheel.add(member) }
        var pingsPerTick: [Int] = []
        for tick in 1...40 {
            pingsPerTick.append(wheel.advance(to: tick).count)
        }
        #expect(pingsPerTick.reduce(0, +) == 200)
        #expect(pingsPerTick.filter { $0 > 0 }.count >= 8, "\(pingsPerTick)")
        #expect(pingsPerTick.max()! < 100)
        #expect(members.allSatisfy { (0...10).contains($0.keepalive.jitter) })
    }

    /// A wheel (PING after 5 ticks, hang-up after 12) holding two members opened at tick 0.
    private func wheelWithTwoMembers() -> (KeepaliveWheel<Member>, Member, Member) {
        var wheel = KeepaliveWheel<Member>(pingAfter: 5, hangUpAfter: 12, now: 0)
        let members = (Member(openedAt: 0), Member(openedAt: 0))
        wheel.add(members.0)
        wheel.add(members.1)
        return (wheel, members.0, members.1)
    }

    @Test func removedAndClosingMembersAreForgotten() {
        var (wheel, removed, closing) = wheelWithTwoMembers()
        wheel.remove(removed)
        #expect(wheel.count == 1)
        closing.needsKeepalive = false
        #expect(actions(&wheel, to: 50).isEmpty)
        #expect(wheel.isEmpty)
    }

    @Test func aMemberIsRemovedFromTheSlotItMovedTo() {
        var (wheel, staying, leaving) = wheelWithTwoMembers()
        #expect(actions(&wheel, to: 5) == [.ping, .ping])  // both move on to later slots
        wheel.remove(leaving)
        wheel.remove(leaving)  // a second time does nothing
        #expect(wheel.count == 1)
        #expect(wheel.advance(to: 12).map { ObjectIdentifier($0.member) } == [ObjectIdentifier(staying)])
    }

    @Test func lateTimersCatchUpTickByTick() {
        var wheel = KeepaliveWheel<Member>(pingAfter: 3, hangUpAfter: 7, now: 100)
        let member = Member(openedAt: 100)
        wheel.add(member)
        #expect(actions(&wheel, to: 200) == [.ping, .hangUp])
    }
}
