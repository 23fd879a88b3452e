import FocusCore
import FocusProtocol
import Testing

@testable import Sessions

/// ``Membership`` alone, without the session around it: its inputs and the outputs it asks for.
@Suite("Membership, alone")
struct MembershipAloneTests {
    static let time = MachineTime(monotonicMilliseconds: 5_000, wallMilliseconds: 1_795_900_000_000)
    static let tab = "tab-secret-00000001"

    static func membership() -> Membership {
        let configuration = SessionConfiguration()
        return Membership(
            configuration: configuration, members: MemberDirectory(capacity: configuration.rememberedClients), idleSince: 0)
    }

    @Test("Opening arms the hello deadline; hello welcomes, stores the new tab, cancels the deadline and announces presence")
    func openAndHello() {
        var membership = Self.membership()
        var outputs: [MembershipOutput] = []
        membership.handle(.opened(ConnectionID(1), role: .editor), at: Self.time, into: &outputs)
        #expect(outputs == [.schedule(.helloDeadline(ConnectionID(1)), afterMilliseconds: 10_000)])
        #expect(membership.idleSince == nil)
        outputs = []
        membership.handle(.hello(ConnectionID(1), clientId: Self.tab, name: "Ada"), at: Self.time, into: &outputs)
        guard case .persist(let record)? = outputs.first else {
            Issue.record("the new tab is stored first: \(outputs)")
            return
        }
        #expect(record.member.name == "Ada")
        #expect(
            outputs.dropFirst().prefix(2) == [
                .cancel(.helloDeadline(ConnectionID(1))), .welcome(ConnectionID(1), clientId: Self.tab, role: .editor),
            ])
        #expect(
            outputs.contains { if case .presence(let presence) = $0 { presence.joined.map(\.name) == ["Ada"] } else { false } })
        #expect(membership.recipients.contains(ConnectionID(1)) && membership.everJoined)
    }

    @Test("A second connection with the same client id replaces the first with 4001, and the member stays present")
    func replaced() {
        var membership = Self.membership()
        var outputs: [MembershipOutput] = []
        for connection in [ConnectionID(1), ConnectionID(2)] {
            membership.handle(.opened(connection, role: .editor), at: Self.time, into: &outputs)
            membership.handle(.hello(connection, clientId: Self.tab, name: nil), at: Self.time, into: &outputs)
        }
        #expect(outputs.contains(.close(ConnectionID(1), .replaced, reason: "replaced by a newer connection with this clientId")))
        #expect(membership.state(of: ConnectionID(1)) == nil)
        #expect(membership.roster.count.editors == 1)
    }

    @Test(
        "The hello deadline closes a silent connection with 1008; a member that falls behind loses its place until it catches up")
    func deadlineAndFallingBehind() {
        var membership = Self.membership()
        var outputs: [MembershipOutput] = []
        membership.handle(.opened(ConnectionID(1), role: .viewer), at: Self.time, into: &outputs)
        outputs = []
        membership.handle(.helloDeadlinePassed(ConnectionID(1)), at: Self.time, into: &outputs)
        #expect(outputs.last == .close(ConnectionID(1), .policyViolation, reason: "not_hello_first"))
        #expect(membership.idleSince == Self.time.monotonicMilliseconds)

        membership.handle(.opened(ConnectionID(2), role: .viewer), at: Self.time, into: &outputs)
        membership.handle(.hello(ConnectionID(2), clientId: Self.tab, name: nil), at: Self.time, into: &outputs)
        outputs = []
        membership.handle(.fellBehind(ConnectionID(2)), at: Self.time, into: &outputs)
        #expect(outputs == [.dropBacklog(ConnectionID(2))])
        #expect(!membership.recipients.contains(ConnectionID(2)))
        outputs = []
        membership.handle(.caughtUp(ConnectionID(2)), at: Self.time, into: &outputs)
        #expect(outputs == [.welcome(ConnectionID(2), clientId: Self.tab, role: .viewer)])
        #expect(membership.recipients.contains(ConnectionID(2)))
    }
}
