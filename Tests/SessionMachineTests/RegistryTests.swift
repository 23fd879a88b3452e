import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

@Suite("The registry of sessions")
struct RegistryTests {
    struct Server {
        var registry: SessionRegistry
        var now = MachineTime(monotonicMilliseconds: 5_000_000, wallMilliseconds: 1_795_900_000_000)
        var ids = SplitMix64(seed: 3)

        init(configure: (inout SessionLimits) -> Void = { _ in }) {
            var limits = SessionLimits()
            configure(&limits)
            registry = SessionRegistry(limits: limits, compile: MemoizedCompiler.compile)
        }

        mutating func create(by peer: String = "198.51.100.7") throws(ProtocolError) -> SessionMachine {
            var outputs: [SessionOutput] = []
            // As the server makes a session without a source: running the seed screens.
            return try registry.create(
                by: peer, source: MemoizedCompiler.compile(Harness.seeds), at: now, ids: &ids, into: &outputs)
        }

        mutating func wait(seconds: Double) {
            now.monotonicMilliseconds += Int64(seconds * 1000)
        }

        mutating func join(_ id: SessionID) {
            var outputs: [SessionOutput] = []
            registry.handle(.opened(ConnectionID(1), role: .editor), in: id, at: now, ids: &ids, into: &outputs)
            registry.handle(
                .received(.hello(clientId: Harness.clientId(1), name: nil), from: ConnectionID(1)), in: id, at: now, ids: &ids,
                into: &outputs)
            registry.handle(.closed(ConnectionID(1)), in: id, at: now, ids: &ids, into: &outputs)
        }
    }

    static func refusal(_ create: () throws -> Void) -> ErrorCode? {
        do {
            try create()
            return nil
        } catch {
            return (error as? ProtocolError)?.code
        }
    }

    @Test("A session has an editor id and a viewer capability on the same routing key; each opens it in its role")
    func capabilities() throws {
        var server = Server()
        let session = try server.create()
        #expect(session.id.rawValue.count == 30 && session.viewerID.rawValue.count == 32)
        #expect(session.id.route == session.viewerID.route)
        #expect(session.id != session.viewerID)
        #expect(session.sessionSnapshot().screen == .profileForm, "the session runs the seed program")
        #expect(server.registry.lookup(session.id.rawValue)?.role == .editor)
        #expect(server.registry.lookup(session.viewerID.rawValue)?.role == .viewer)
        #expect(server.registry.lookup(session.viewerID.rawValue)?.id == session.id)
        #expect(server.registry.lookup("not a session") == nil)
        #expect(server.registry.lookup(String(repeating: "A", count: 30)) == nil)
    }

    @Test("One address creating sessions faster than 5 a second past a burst of 200 gets rate_limited (429)")
    func creationRate() throws {
        var server = Server { $0.maxSessions = 10_000 }
        for number in 0..<200 {
            _ = try server.create(by: "peer-\(number % 2)")
        }
        #expect(Self.refusal { _ = try server.create(by: "peer-0") } == nil, "100 each: within the burst")
        for _ in 0..<100 { _ = try server.create(by: "peer-1") }
        #expect(Self.refusal { _ = try server.create(by: "peer-1") } == .rateLimited)
        #expect(ErrorCode.rateLimited.httpStatus == 429)
        #expect(Self.refusal { _ = try server.create(by: "peer-2") } == nil, "another address is not affected")
        server.wait(seconds: 1)
        #expect(Self.refusal { _ = try server.create(by: "peer-1") } == nil, "the allowance refills")
    }

    @Test("One address holds at most its share of sessions nobody joined; others can still create")
    func addressShare() throws {
        var server = Server { $0.maxSessions = 100 }
        var mine: [SessionID] = []
        for _ in 0..<10 { mine.append(try server.create(by: "attacker").id) }
        #expect(Self.refusal { _ = try server.create(by: "attacker") } == .rateLimited)
        #expect(Self.refusal { _ = try server.create(by: "teacher") } == nil)
        server.join(mine[0])
        #expect(Self.refusal { _ = try server.create(by: "attacker") } == nil, "a joined session no longer counts")
    }

    @Test("At the limit the answer is session_full (503)")
    func full() throws {
        var server = Server { $0.maxSessions = 20 }
        for number in 0..<20 { _ = try server.create(by: "peer-\(number)") }
        #expect(Self.refusal { _ = try server.create(by: "late") } == .sessionFull)
        #expect(ErrorCode.sessionFull.httpStatus == 503)
    }

    @Test("A session nobody joined is forgotten after 10 minutes; a joined one after the idle TTL")
    func expiry() throws {
        var server = Server { $0.idleTTLSeconds = 3_600 }
        let unjoined = try server.create().id
        let joined = try server.create().id
        server.join(joined)
        server.wait(seconds: 599)
        #expect(server.registry.expire(at: server.now).isEmpty)
        server.wait(seconds: 1)
        #expect(server.registry.expire(at: server.now) == [unjoined])
        #expect(server.registry.lookup(unjoined.rawValue) == nil)
        server.wait(seconds: 3_000)
        #expect(server.registry.expire(at: server.now) == [joined])
    }

    @Test("A session watched only on other processes never expires; once nobody watches, after the idle TTL")
    func watchedElsewhere() throws {
        var server = Server { $0.idleTTLSeconds = 3_600 }
        let watched = try server.create().id
        server.join(watched)
        var outputs: [SessionOutput] = []
        server.registry.handle(.viewersElsewhere(1), in: watched, at: server.now, ids: &server.ids, into: &outputs)
        server.wait(seconds: 7_200)
        #expect(server.registry.expire(at: server.now).isEmpty)
        server.registry.handle(.viewersElsewhere(0), in: watched, at: server.now, ids: &server.ids, into: &outputs)
        server.wait(seconds: 3_599)
        #expect(server.registry.expire(at: server.now).isEmpty)
        server.wait(seconds: 1)
        #expect(server.registry.expire(at: server.now) == [watched])
    }

    @Test("When the server is nearly full, sessions nobody joined are forgotten after one minute")
    func crowdedExpiry() throws {
        var server = Server { $0.maxSessions = 20 }
        for number in 0..<18 { _ = try server.create(by: "peer-\(number)") }
        server.wait(seconds: 60)
        #expect(server.registry.expire(at: server.now).count == 18)
    }
}
