import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

/// What the durable log keeps is enough: a session rebuilt from a snapshot and the changes
/// stored after it is the session that was running, to the byte.
@Suite("Durable log and replay")
struct ReplayTests {
    /// Runs random intents from two tabs (and the timers), keeping every persist output.
    static func run(seed: UInt64, steps: Int) -> (harness: Harness, first: DurableSession, records: [SessionRecord]) {
        var harness = Harness()
        let first = harness.machine.durableState()
        harness.join(1, name: "Ada")
        harness.join(2, name: "Grace")
        var random = SplitMix64(seed: seed)
        var seqs: [UInt64: Int] = [1: 0, 2: 0]
        for _ in 0..<steps {
            let tab: UInt64 = random.next() % 2 == 0 ? 1 : 2
            seqs[tab, default: 0] += 1
            let (screen, action) = PatchTests.randomIntent(harness.machine, &random)
            harness.intent(tab, seq: seqs[tab]!, screen, action)
            if random.next() % 8 == 0 { harness.advance(by: 800) }
        }
        let records = harness.log.compactMap { if case .persist(let record) = $0 { record } else { nil } }
        return (harness, first, records)
    }

    static func rebuild(from snapshot: DurableSession, applying records: [SessionRecord]) throws -> SessionMachine {
        var machine = try #require(Harness.restored(snapshot))
        for record in records {
            switch record {
            case .member(let member):
                machine.restore(member)
            case .change(let change):
                // Through the bytes the store keeps.
                try machine.replay(try ChangeRecord(revision: change.revision, at: change.at, body: change.encodedBody()))
            }
        }
        return machine
    }

    @Test("The first snapshot plus every stored change rebuilds the session exactly", arguments: [5, 6, 7] as [UInt64])
    func replayRebuilds(seed: UInt64) throws {
        let (harness, first, records) = Self.run(seed: seed, steps: 600)
        let rebuilt = try Self.rebuild(from: first, applying: records)
        let live = harness.machine.durableState()
        #expect(first.run != nil, "the session runs the seed program from its start")
        #expect(rebuilt.revision == live.revision && live.revision > 100)
        #expect(rebuilt.durableState().run == live.run && live.run != nil, "values, focus, tasks, timers (seed \(seed))")
        #expect(rebuilt.sessionSnapshot() == harness.machine.sessionSnapshot(), "seed \(seed)")
        #expect(rebuilt.durableState().members == live.members, "names, colours and the last seq of every tab")
        #expect(rebuilt.durableState().log == live.log)
    }

    @Test("A snapshot in the middle plus the changes after it rebuilds the same session")
    func replayFromAMiddleSnapshot() throws {
        var (harness, _, _) = Self.run(seed: 9, steps: 200)
        let middle = harness.machine.durableState()
        let before = harness.log.count
        var random = SplitMix64(seed: 10)
        for seq in 1_000..<1_200 {
            let (screen, action) = PatchTests.randomIntent(harness.machine, &random)
            harness.intent(1, seq: seq, screen, action)
        }
        let later = harness.log[before...].compactMap { if case .persist(let record) = $0 { record } else { nil } }
        let rebuilt = try Self.rebuild(from: middle, applying: later)
        #expect(rebuilt.durableState().run == harness.machine.durableState().run)
        #expect(rebuilt.sessionSnapshot() == harness.machine.sessionSnapshot())
        #expect(rebuilt.revision == harness.machine.revision)
    }

    @Test("A change is persisted before the update that announces it; an ack's seq is kept with its member")
    func persistComesFirst() {
        var harness = Harness()
        harness.join(1)
        let outputs = harness.intent(1, seq: 1, .profileForm, .focus("firstName"))
        guard case .persist(.change(let change)) = outputs.first, case .broadcast(.update(let update)) = outputs.dropFirst().first
        else {
            Issue.record("expected persist, then the update: \(outputs)")
            return
        }
        #expect(change.revision == update.revision)
        let unchanged = harness.intent(1, seq: 2, .profileForm, .focus("firstName"))
        guard case .persist(.member(let member)) = unchanged.first else {
            Issue.record("expected the member's record, then the ack: \(unchanged)")
            return
        }
        #expect(member.lastSeq == 2)
        #expect(unchanged.dropFirst().elementsEqual([.send(.ack(seq: 2, reason: .unchanged), to: ConnectionID(1))]))
    }

    @Test("A resent seq after a restore is still a duplicate")
    func seqSurvivesARestore() throws {
        let (harness, first, records) = Self.run(seed: 4, steps: 50)
        var rebuilt = try Self.rebuild(from: first, applying: records)
        var outputs: [SessionOutput] = []
        var ids = SplitMix64(seed: 1)
        let time = harness.now
        rebuilt.handle(.opened(ConnectionID(9), role: .editor), at: time, ids: &ids, into: &outputs)
        rebuilt.handle(
            .received(.hello(clientId: Harness.clientId(1), name: nil), from: ConnectionID(9)), at: time, ids: &ids,
            into: &outputs)
        outputs.removeAll()
        let lastSeq = harness.machine.durableState().members.first { $0.clientId == Harness.clientId(1) }?.lastSeq ?? 0
        rebuilt.handle(
            .received(.intent(IntentMessage(seq: lastSeq, screen: .profileForm, action: .submit)), from: ConnectionID(9)),
            at: time, ids: &ids, into: &outputs)
        #expect(outputs == [.send(.ack(seq: lastSeq, reason: .duplicate), to: ConnectionID(9))])
    }

    @Test("A record that does not apply again is refused, not guessed")
    func divergence() throws {
        let (_, first, records) = Self.run(seed: 3, steps: 30)
        var machine = try #require(Harness.restored(first))
        let changes = records.compactMap { if case .change(let change) = $0 { change } else { nil } }
        #expect(throws: ReplayError.outOfOrder(expected: 1, found: 2)) { try machine.replay(changes[1]) }
        #expect(throws: ReplayError.self) {
            try machine.replay(ChangeRecord(revision: 1, at: 0, body: Array("{\"draws\":[]}".utf8)))
        }
    }
}
