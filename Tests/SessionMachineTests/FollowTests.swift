import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

/// A copy of a session kept by a relay, fed the owner's stored changes, tells its own viewers
/// what the owner told its members, and keeps the session the owner has.
@Suite("A relay's copy follows the owner")
struct FollowTests {
    @Test("Each followed change broadcasts the owner's update, byte for byte, and only that", arguments: [3, 4] as [UInt64])
    func followBroadcastsTheOwnersUpdates(seed: UInt64) throws {
        var owner = Harness()
        owner.join(1, name: "Ada")
        let start = owner.machine.durableState()
        var copy = try #require(Harness.restored(start))
        let before = owner.log.count
        var random = SplitMix64(seed: seed)
        for seq in 1...150 {
            let (screen, action) = PatchTests.randomIntent(owner.machine, &random)
            owner.intent(1, seq: seq, screen, action)
            if random.next() % 8 == 0 { owner.advance(by: 800) }
        }
        let produced = owner.log[before...]
        let updates = produced.compactMap { output -> [UInt8]? in
            guard case .broadcast(.update(let update)) = output else { return nil }
            return ServerMessage.update(update).encoded()
        }
        var followed: [[UInt8]] = []
        for case .persist(let record) in produced {
            switch record {
            case .member(let member):
                copy.restore(member)
            case .change(let change):
                var outputs: [SessionOutput] = []
                // Through the bytes the owner publishes.
                try copy.follow(
                    ChangeRecord(revision: change.revision, at: change.at, body: change.encodedBody()), into: &outputs)
                for output in outputs {
                    guard case .broadcast(.update(let update)) = output else {
                        Issue.record("a copy asked for \(output)")
                        continue
                    }
                    followed.append(ServerMessage.update(update).encoded())
                }
            }
        }
        #expect(updates.count > 50)
        #expect(followed == updates)
        #expect(copy.revision == owner.machine.revision)
        #expect(copy.sessionSnapshot() == owner.machine.sessionSnapshot())
    }

    @Test("A viewer joining a copy never takes the id of an editor the owner names later")
    func copysMembersHaveTheirOwnIds() throws {
        var owner = Harness()
        owner.join(1, name: "Ada")
        var copy = Harness()
        copy.machine = try #require(Harness.restored(owner.machine.durableState()))
        copy.machine.becomeCopy()
        let joined = copy.join(7, client: 7, role: .viewer)
        let viewer = try #require(joined)
        owner.join(2, name: "Grace")
        let outputs = owner.intent(2, seq: 1, .profileForm, .focus("firstName"))
        guard case .persist(.change(let change)) = outputs.first, case .broadcast(.update(let update)) = outputs.dropFirst().first
        else {
            Issue.record("no change: \(outputs)")
            return
        }
        var followed: [SessionOutput] = []
        try copy.machine.follow(change, into: &followed)
        #expect(viewer.you.member.rawValue == "r2")
        #expect(update.by == MemberID(rawValue: "m2"), "the owner named its second editor as it would have")
        #expect(followed == [.broadcast(.update(update))])
    }

    @Test("A change out of order is refused and the copy stays as it was")
    func outOfOrderIsRefused() throws {
        var owner = Harness()
        owner.join(1)
        var copy = try #require(Harness.restored(owner.machine.durableState()))
        owner.intent(1, seq: 1, .profileForm, .focus("firstName"))
        owner.intent(1, seq: 2, .profileForm, .focus("lastName"))
        let changes = owner.log.compactMap { if case .persist(.change(let change)) = $0 { change } else { nil } }
        var outputs: [SessionOutput] = []
        #expect(throws: ReplayError.self) { try copy.follow(changes[1], into: &outputs) }
        #expect(outputs.isEmpty && copy.revision == 0)
    }
}
