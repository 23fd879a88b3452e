import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

/// The timeline: `history` shows the session exactly as it was at any revision it keeps,
/// rebuilt from a checkpoint by applying the changes after it again.
@Suite("Timeline")
struct TimelineTests {
    static let small: SessionConfiguration = {
        var configuration = SessionConfiguration()
        configuration.timelineChanges = 40
        configuration.timelineInterval = 7
        return configuration
    }()

    /// Random intents from two tabs and the timers; returns the state the session had at every
    /// revision, as a snapshot carries it.
    static func run(_ harness: inout Harness, seed: UInt64, steps: Int, tabs: (UInt64, UInt64) = (1, 2)) -> [Int: SessionSnapshot]
    {
        var seen = [harness.machine.revision: harness.machine.sessionSnapshot()]
        harness.join(tabs.0, name: "Ada")
        harness.join(tabs.1, name: "Grace")
        var random = SplitMix64(seed: seed)
        var seqs: [UInt64: Int] = [:]
        for _ in 0..<steps {
            let tab = random.next() % 2 == 0 ? tabs.0 : tabs.1
            seqs[tab, default: 0] += 1
            let (screen, action) = PatchTests.randomIntent(harness.machine, &random)
            harness.intent(tab, seq: seqs[tab]!, screen, action)
            seen[harness.machine.revision] = harness.machine.sessionSnapshot()
            if random.next() % 8 == 0 {
                harness.advance(by: 800)
                seen[harness.machine.revision] = harness.machine.sessionSnapshot()
            }
        }
        return seen
    }

    static func past(_ harness: inout Harness, at revision: Int, from connection: UInt64 = 1) -> PastMessage? {
        let outputs = harness.handle(.received(.history(revision: revision), from: ConnectionID(connection)))
        for case .send(.past(let past), ConnectionID(connection)) in outputs { return past }
        return nil
    }

    @Test("Every revision the timeline keeps is shown exactly as it was, log included", arguments: [3, 4] as [UInt64])
    func everyRevision(seed: UInt64) throws {
        var harness = Harness(configuration: Self.small)
        let seen = Self.run(&harness, seed: seed, steps: 300)
        let latest = harness.machine.revision
        let first = try #require(Self.past(&harness, at: 0))
        #expect(latest > 100)
        #expect(first.latest == latest)
        // At least capacity changes are kept, and fewer than capacity + 2 × interval.
        #expect((40..<54).contains(latest - first.earliest), "earliest \(first.earliest) of \(latest)")
        #expect(first.revision == first.earliest, "an older revision is answered with the earliest kept")
        for revision in first.earliest...latest {
            let past = try #require(Self.past(&harness, at: revision))
            #expect(past.revision == revision)
            #expect(past.state == seen[revision], "revision \(revision), seed \(seed)")
            #expect(past.log.last.map { $0.revision <= revision } ?? true)
            #expect(
                past.log.allSatisfy { entry in entry.by.map { by in past.members.contains { $0.member == by } } ?? true },
                "the members the log names come with it")
        }
        #expect(Self.past(&harness, at: latest + 50)?.revision == latest, "a later revision is answered with the latest")
        let joined = harness.join(3)
        let snapshot = try #require(joined)
        #expect(snapshot.earliest == first.earliest, "a snapshot says how far back the timeline goes")
    }

    @Test("A viewer may step back too; history before hello is refused")
    func viewerAndHello() throws {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profileForm, .focus("firstName"))
        harness.join(2, role: .viewer)
        let past = try #require(Self.past(&harness, at: 0, from: 2))
        #expect(past.revision == 0 && past.state.screen == .profileForm)
        #expect(past.state.program.drawn.focused == nil && past.state.program.drawn.name == Seed.profile)
        #expect(harness.focused == "firstName", "looking back changes nothing")
        harness.handle(.opened(ConnectionID(9), role: .editor))
        let refused = harness.handle(.received(.history(revision: 0), from: ConnectionID(9)))
        #expect(refused.contains { if case .send(.error(let error), _) = $0 { error.code == .notHelloFirst } else { false } })
    }

    @Test("A restored session's timeline reaches back to the snapshot it was restored from")
    func afterRestore() throws {
        var harness = Harness(configuration: Self.small)
        _ = Self.run(&harness, seed: 5, steps: 30)
        let middle = harness.machine.durableState()
        let seen = Self.run(&harness, seed: 6, steps: 20, tabs: (3, 4))
        let records = harness.log.compactMap { output -> ChangeRecord? in
            if case .persist(.change(let change)) = output, change.revision > middle.revision { change } else { nil }
        }
        var restored = try #require(Harness.restored(middle, configuration: Self.small, at: harness.now))
        for change in records { try restored.replay(change) }
        harness.machine = restored
        harness.join(1)
        let earliest = try #require(Self.past(&harness, at: 0))
        #expect(earliest.revision == middle.revision || earliest.latest - earliest.revision >= 40)
        for revision in earliest.revision...restored.revision where seen[revision] != nil {
            #expect(Self.past(&harness, at: revision)?.state == seen[revision], "revision \(revision)")
        }
    }
}
