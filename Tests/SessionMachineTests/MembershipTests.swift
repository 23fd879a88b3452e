import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

@Suite("Joining and leaving")
struct MembershipTests {
    @Test("hello answers with a snapshot naming the member by a public id, never by its client id")
    func helloGivesASnapshot() throws {
        var harness = Harness()
        let joined = harness.join(1, name: "Ada")
        let snapshot = try #require(joined)
        #expect(snapshot.you == Member(member: MemberID(rawValue: "m1"), name: "Ada", color: "#d20e00"))
        #expect(snapshot.role == .editor)
        #expect(snapshot.revision == 0)
        #expect(snapshot.present == [MemberID(rawValue: "m1")])
        #expect(try snapshot.state.decoded().screen == .profileForm)
        #expect(try snapshot.state.decoded().program.drawn.name == Seed.profile, "the seed program's first screen")
        let encoded = String(decoding: ServerMessage.snapshot(snapshot).encoded(), as: UTF8.self)
        #expect(!encoded.contains(Harness.clientId(1)), "the secret client id must not travel to anyone")
    }

    @Test("Members joining between two changes get the same state; one joining after a change sees it")
    func snapshotsFollowChanges() throws {
        var harness = Harness()
        let first = harness.join(1)
        let second = harness.join(2)
        // The same state, though not always the same text: dictionaries encode in no fixed order.
        #expect(try second?.state.decoded() == first?.state.decoded())
        #expect(try first?.state.decoded().program.drawn.focused == nil)
        harness.intent(1, seq: 1, .profileForm, .focus("lastName"))
        let joined = harness.join(3)
        let third = try #require(joined).state
        #expect(try third.decoded().program.drawn.focused == "lastName")
        #expect(try third.decoded() == harness.machine.sessionSnapshot())
        harness.intent(1, seq: 2, .profileForm, .lesson("profile-source", step: 0))
        let fourth = harness.join(4)
        #expect(try fourth?.state.decoded().lesson?.lesson == "profile-source", "and a lesson started")
    }

    @Test("A second connection with the same client id replaces the first with 4001; the member stays present")
    func duplicateClientIdReplaces() throws {
        var harness = Harness()
        harness.join(1, client: 1, name: "Ada")
        harness.join(2, name: "Grace")
        harness.advance(by: 500)
        let before = harness.presenceMessages.count
        let joined = harness.join(3, client: 1)
        let snapshot = try #require(joined)
        #expect(harness.closed[ConnectionID(1)] == .replaced)
        #expect(snapshot.you.member == MemberID(rawValue: "m1"), "the same tab keeps its member id")
        #expect(snapshot.you.name == "Ada", "and its name")
        #expect(!harness.machine.recipients.contains(ConnectionID(1)))
        #expect(harness.machine.recipients.contains(ConnectionID(3)))
        harness.advance(by: 500)
        #expect(harness.presenceMessages.count == before, "nobody left and nobody joined")
        // The old socket's close, arriving later, is not a leave.
        harness.handle(.closed(ConnectionID(1)))
        harness.advance(by: 500)
        #expect(harness.machine.present.count == 2)
        #expect(harness.presenceMessages.count == before)
    }

    @Test("A connection that says no hello within the deadline gets not_hello_first and 1008; hello cancels the deadline")
    func helloDeadline() {
        var harness = Harness()
        harness.handle(.opened(ConnectionID(1), role: .editor))
        harness.join(2)
        #expect(harness.timers[.helloDeadline(ConnectionID(2))] == nil, "hello cancels its deadline: no timer burst later")
        harness.advance(by: 9_999)
        #expect(harness.closed.isEmpty)
        harness.advance(by: 1)
        #expect(harness.closed[ConnectionID(1)] == .policyViolation)
        #expect(harness.closed[ConnectionID(2)] == nil)
        let refusal = harness.log.contains {
            if case .send(.error(let error), ConnectionID(1)) = $0 { return error.code == .notHelloFirst }
            return false
        }
        #expect(refusal)
    }

    @Test("A client id must be a secret of 16 to 64 URL-safe characters")
    func clientIdShape() {
        var harness = Harness()
        harness.handle(.opened(ConnectionID(1), role: .editor))
        for bad in ["short", String(repeating: "a", count: 65), "tab with spaces and more"] {
            let outputs = harness.handle(.received(.hello(clientId: bad, name: nil), from: ConnectionID(1)))
            #expect(outputs.contains { if case .send(.error(let error), _) = $0 { error.code == .badMessage } else { false } })
        }
        #expect(harness.machine.recipients.count == 0)
    }

    @Test("Names are bounded in characters and in bytes; a name of combining marks cannot grow a snapshot")
    func namesAreBounded() throws {
        var harness = Harness()
        let huge = "e" + String(repeating: "\u{301}", count: 30_000)
        let joined = harness.join(1, name: huge)
        let snapshot = try #require(joined)
        #expect(snapshot.you.name.utf8.count <= DisplayName.maximumBytes)
        #expect(snapshot.you.name == "Ada", "nothing showable within the bound: a friendly name instead")
        #expect(DisplayName.bounded("  Ada \n Lovelace  ") == "Ada Lovelace")
        #expect(DisplayName.bounded(String(repeating: "x", count: 100))?.count == DisplayName.maximumCharacters)
        #expect(DisplayName.bounded(String(repeating: "é", count: 100))!.utf8.count <= DisplayName.maximumBytes)
        #expect(DisplayName.bounded("\u{7}\u{0}") == nil)
    }

    @Test("Past the cap, tabs that are not connected are forgotten; connected ones are kept")
    func rememberedClientsAreCapped() {
        var configuration = SessionConfiguration()
        configuration.rememberedClients = 3
        var harness = Harness(configuration: configuration)
        harness.join(1)
        harness.intent(1, seq: 5, .profileForm, .focus("firstName"))
        for number: UInt64 in 2...3 {
            harness.join(number)
            harness.handle(.closed(ConnectionID(number)))
        }
        harness.join(4)
        // Tab 1 is connected, so it is remembered: its old seq is still a duplicate.
        let resent = harness.intent(1, seq: 5, .profileForm, .focus("lastName"))
        #expect(resent.contains { if case .send(.ack(5, .duplicate), _) = $0 { true } else { false } })
        // Tab 2 was forgotten: it comes back as a new member.
        harness.handle(.closed(ConnectionID(4)))
        let returning = harness.join(5, client: 2)
        #expect(returning?.you.member == MemberID(rawValue: "m5"))
    }

    @Test("A viewer receives everything and can change nothing")
    func viewersAreReadOnly() throws {
        var harness = Harness()
        harness.join(1, name: "Teacher")
        let joined = harness.join(2, name: "Class", role: .viewer)
        let snapshot = try #require(joined)
        #expect(snapshot.role == .viewer)
        let outputs = harness.intent(2, seq: 1, .profileForm, .focus("firstName"))
        #expect(outputs.count == 1)
        #expect(
            outputs.contains {
                if case .send(.error(let error), ConnectionID(2)) = $0 {
                    error.code == .readOnly && error.seq == 1
                } else {
                    false
                }
            })
        #expect(harness.machine.revision == 0)
        let update = harness.intent(1, seq: 1, .profileForm, .focus("firstName"))
        #expect(!harness.messages(to: 2, in: update).isEmpty, "the viewer sees the presenter's change")
    }
}
