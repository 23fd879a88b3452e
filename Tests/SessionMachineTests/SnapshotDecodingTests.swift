import FocusCore
import FocusProtocol
import Foundation
import Sessions
import TestSupport
import Testing

/// A restore reads stored snapshots with ``JSONValueDecoder`` (and the log entries in them with
/// a reader of their own); Foundation's `JSONDecoder` reads them through the same `Codable`
/// conformances. Both must give back the session that was stored.
@Suite("Reading stored snapshots")
struct SnapshotDecodingTests {
    /// Snapshots of sessions driven by random intents from two tabs, taken along the way, as
    /// the store keeps them (the bytes `SessionLog.encode` writes).
    static func corpus() throws -> [(session: DurableSession, bytes: [UInt8])] {
        var corpus: [(DurableSession, [UInt8])] = []
        for seed: UInt64 in [3, 4] {
            var harness = Harness()
            harness.join(1, name: "Ada")
            harness.join(2, name: "Grace")
            var random = SplitMix64(seed: seed)
            var seqs: [UInt64: Int] = [1: 0, 2: 0]
            for step in 1...1_200 {
                let tab: UInt64 = random.next() % 2 == 0 ? 1 : 2
                seqs[tab, default: 0] += 1
                let (screen, action) = PatchTests.randomIntent(harness.machine, &random)
                harness.intent(tab, seq: seqs[tab]!, screen, action)
                if random.next() % 8 == 0 { harness.advance(by: 800) }
                if step % 100 == 0 {
                    let session = harness.machine.durableState()
                    corpus.append((session, try StreamingJSONEncoder().encode(session)))
                }
            }
        }
        return corpus
    }

    @Test("JSONValueDecoder and Foundation's JSONDecoder read the same sessions from real snapshots, every event kind among them")
    func decodersAgree() throws {
        let corpus = try Self.corpus()
        var kinds = Set<String>()
        for (session, bytes) in corpus {
            let fast = try JSONValueDecoder().decode(DurableSession.self, from: bytes)
            let foundation = try JSONDecoder().decode(DurableSession.self, from: Data(bytes))
            #expect(fast == session)
            #expect(foundation == session)
            for member in session.members {
                let stored = try StreamingJSONEncoder().encode(member)
                #expect(try JSONValueDecoder().decode(DurableMember.self, from: stored) == member)
            }
            kinds.formUnion(session.log.map(\.event.kind))
        }
        #expect(kinds == ["focus", "edit", "navigate", "state", "timerSet", "restart"], "\(kinds.sorted())")
    }

    @Test(
        "A log entry that lacks a member, or holds the wrong kind of value, is refused by both decoders",
        arguments: [
            #"{"revision":1,"at":5,"by":null,"event":{"kind":"navigate","from":"ProfileForm"}}"#,
            #"{"revision":1,"at":5,"by":null,"event":{"kind":"edit","screen":"ProfileForm","key":"firstName","ops":[{"at":0,"insert":"A"}]}}"#,
            #"{"revision":"1","at":5,"by":null,"event":{"kind":"navigate","from":"ProfileForm","to":"GiftMessageForm"}}"#,
            #"{"revision":1,"at":5,"by":7,"event":{"kind":"navigate","from":"ProfileForm","to":"GiftMessageForm"}}"#,
            #"{"revision":1,"at":5,"by":null,"event":{"kind":"focus","screen":"ProfileForm","from":null,"to":"not a key","cause":"tap"}}"#,
            #"{"revision":1,"at":5,"by":null,"event":{"kind":"focus","screen":"ProfileForm","from":null,"to":null,"cause":"wish"}}"#,
            #"{"revision":1,"at":5,"by":null,"event":{"kind":"teleport"}}"#,
        ])
    func badEntriesAreRefused(entry: String) {
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(LogEntry.self, from: Array(entry.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LogEntry.self, from: Data(entry.utf8)) }
    }

    @Test("A log entry without seq, and one with a null focus, read the same from both decoders")
    func optionalMembers() throws {
        let entry =
            #"{"revision":3,"at":9,"by":"m2","event":{"kind":"focus","screen":"GiftMessageForm","from":"message","to":null,"cause":"submit"}}"#
        let fast = try JSONValueDecoder().decode(LogEntry.self, from: Array(entry.utf8))
        #expect(
            fast
                == LogEntry(
                    revision: 3, at: 9, by: MemberID(rawValue: "m2"), seq: nil,
                    event: .focus(
                        screen: .giftForm, from: FocusKey("message"), to: nil, cause: .submit)))
        #expect(try JSONDecoder().decode(LogEntry.self, from: Data(entry.utf8)) == fast)
    }
}
