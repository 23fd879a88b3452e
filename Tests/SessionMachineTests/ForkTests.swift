import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

@Suite("Forks and the class view's roster")
struct ForkTests {
    /// A registry holding one class session (the seed screens), driven as the host drives it.
    struct Class {
        var registry = SessionRegistry(limits: SessionLimits(), compile: MemoizedCompiler.compile)
        var now = MachineTime(monotonicMilliseconds: 5_000_000, wallMilliseconds: 1_795_900_000_000)
        var ids = SplitMix64(seed: 11)
        let session: SessionID
        private var nextConnection: UInt64 = 1

        init() throws {
            var outputs: [SessionOutput] = []
            session = try registry.create(
                by: "198.51.100.7", source: MemoizedCompiler.compile(Harness.seeds), at: now, ids: &ids, into: &outputs
            ).id
        }

        @discardableResult
        mutating func send(_ input: SessionInput, to id: SessionID) -> [SessionOutput] {
            var outputs: [SessionOutput] = []
            registry.handle(input, in: id, at: now, ids: &ids, into: &outputs)
            if !outputs.isEmpty { _ = registry.noteChange(of: id) }
            return outputs
        }

        /// Opens a connection to `id` in `role` and says hello as `name`; returns the connection.
        mutating func join(_ id: SessionID, name: String?, role: Role = .editor) -> ConnectionID {
            let connection = ConnectionID(nextConnection)
            nextConnection += 1
            send(.opened(connection, role: role), to: id)
            send(.received(.hello(clientId: Harness.clientId(Int(connection.rawValue)), name: name), from: connection), to: id)
            return connection
        }

        mutating func intent(_ connection: ConnectionID, seq: Int, in id: SessionID, _ action: IntentMessage.Action)
            -> [SessionOutput]
        {
            send(.received(.intent(IntentMessage(seq: seq, screen: .profileForm, action: action)), from: connection), to: id)
        }

        mutating func fork() throws(ProtocolError) -> SessionMachine {
            var outputs: [SessionOutput] = []
            return try registry.fork(session, at: now, ids: &ids, into: &outputs)
        }
    }

    @Test("A fork starts from the parent's source, screen and lesson, is an ordinary session, and keeps its link durably")
    func forkStartsFromTheParent() throws {
        var room = try Class()
        let teacher = room.join(room.session, name: "Teacher")
        _ = room.intent(teacher, seq: 1, in: room.session, .lesson("gift-source", step: 0))
        let parent = try #require(room.registry[room.session])
        let fork = try room.fork()
        #expect(fork.id != room.session && fork.viewerID != parent.viewerID)
        #expect(fork.parent == room.session)
        #expect(fork.sessionSnapshot().screen == .giftForm, "the parent's screen")
        #expect(fork.lesson == parent.lesson && fork.lesson?.step == 0)
        #expect(fork.sessionSnapshot().program.source == parent.sessionSnapshot().program.source)
        #expect(fork.revision == 0 && fork.present.isEmpty, "nobody in it yet, nothing in its log")
        #expect(room.registry.lookup(fork.id.rawValue)?.role == .editor)
        #expect(room.registry.lookup(fork.viewerID.rawValue)?.role == .viewer)
        #expect(room.registry.forkLinks.forks(of: room.session) == [fork.id])
        let durable = fork.durableState()
        #expect(durable.parent == room.session.rawValue)
        let restored = try SessionMachine(
            restoring: durable, configuration: SessionConfiguration(), compile: MemoizedCompiler.compile, at: room.now)
        #expect(restored.parent == room.session)
        var other = SessionRegistry(limits: SessionLimits(), compile: MemoizedCompiler.compile)
        other.adopt(restored)
        #expect(other.forkLinks.parent(of: fork.id) == room.session, "a restored fork is linked again")
    }

    @Test(
        "A roster entry names the student, the lesson step, the focus as Swift spells it, the last event and whether they are here"
    )
    func rosterEntry() throws {
        var room = try Class()
        let fork = try room.fork()
        var entry = try #require(room.registry.forkEntries(of: room.session).first)
        #expect(entry.id == fork.viewerID.rawValue, "its viewer capability, never its editor id")
        #expect(entry.name == nil && !entry.connected && entry.lastEvent == nil && entry.focus == "nil")
        let student = room.join(fork.id, name: "Ada")
        _ = room.intent(student, seq: 1, in: fork.id, .focus(FocusKey("lastName")))
        entry = try #require(room.registry.forkEntries(of: room.session).first)
        #expect(entry.name == "Ada" && entry.connected && entry.revision == 1)
        #expect(entry.focus == ".lastName")
        if case .focus(_, _, let to, _) = entry.lastEvent?.event {
            #expect(to == FocusKey("lastName"))
        } else {
            Issue.record("the last event is the focus move: \(String(describing: entry.lastEvent))")
        }
        #expect(entry.lastEvent?.at == room.now.wallMilliseconds)
        room.send(.closed(student), to: fork.id)
        #expect(room.registry.forkEntries(of: room.session).first?.connected == false)
        let encoded = String(decoding: ServerMessage.forks(ForksMessage(whole: true, forks: [entry])).encoded(), as: UTF8.self)
        #expect(!encoded.contains(fork.id.rawValue), "the wire never carries a fork's editor id")
    }

    @Test(
        "Many changes of many forks make one roster message per parent a tick, with each changed fork once, for its editors only")
    func rosterChangesCoalesce() throws {
        var room = try Class()
        let teacher = room.join(room.session, name: "Teacher")
        let watcher = room.join(room.session, name: nil, role: .viewer)
        let forks = try (0..<3).map { _ in try room.fork() }
        _ = room.registry.takeRosterChanges()
        #expect(!room.registry.forkLinks.hasChanges)
        let students = forks.map { room.join($0.id, name: "S") }
        for round in 1...10 {
            for (fork, student) in zip(forks.prefix(2), students) {
                _ = room.intent(
                    student, seq: round, in: fork.id, .focus(FocusKey(round.isMultiple(of: 2) ? "firstName" : "lastName")))
            }
        }
        let changes = room.registry.takeRosterChanges()
        #expect(changes.count == 1)
        let change = try #require(changes.first)
        #expect(change.parent == room.session && change.editors == [teacher] && !change.editors.contains(watcher))
        #expect(Set(change.forks.map(\.id)) == Set(forks.map(\.viewerID.rawValue)), "each joined; two also moved")
        #expect(room.registry.takeRosterChanges().isEmpty, "nothing waits after a tick")
        _ = room.intent(students[0], seq: 11, in: forks[0].id, .focus(nil))
        #expect(room.registry.takeRosterChanges().first?.forks.map(\.id) == [forks[0].viewerID.rawValue])
        _ = room.intent(teacher, seq: 1, in: room.session, .focus(FocusKey("firstName")))
        #expect(room.registry.takeRosterChanges().isEmpty, "the parent's own change is no fork's")
    }

    @Test(
        "The presenter shows a fork to every member until they stop; another editor and a viewer cannot, nor can anyone show a session that is not a fork"
    )
    func showToClass() throws {
        var room = try Class()
        let teacher = room.join(room.session, name: "Teacher")
        let pupil = room.join(room.session, name: nil, role: .viewer)
        let fork = try room.fork()
        let shown = room.send(.received(.show(fork: fork.viewerID.rawValue), from: teacher), to: room.session)
        #expect(shown == [.broadcast(.shown(fork: fork.viewerID.rawValue))])
        #expect(room.registry[room.session]?.shown == fork.viewerID.rawValue)
        room.send(.opened(ConnectionID(99), role: .viewer), to: room.session)
        let joined = room.send(
            .received(.hello(clientId: Harness.clientId(99), name: nil), from: ConnectionID(99)), to: room.session)
        let snapshot = joined.compactMap { if case .sendSnapshot(let member, _) = $0 { member } else { nil } }.first
        #expect(snapshot?.shown == fork.viewerID.rawValue, "a late joiner's snapshot carries it")
        let byViewer = room.send(.received(.show(fork: nil), from: pupil), to: room.session)
        guard case .send(.error(let refusal), pupil) = byViewer.first else {
            Issue.record("a viewer is refused: \(byViewer)")
            return
        }
        #expect(refusal.code == .readOnly)
        let assistant = room.join(room.session, name: "Assistant")
        let byEditor = room.send(.received(.show(fork: nil), from: assistant), to: room.session)
        guard case .send(.error(let notPresenting), assistant) = byEditor.first else {
            Issue.record("an editor who does not present is refused: \(byEditor)")
            return
        }
        #expect(notPresenting.code == .notPresenter)
        let parentViewer = try #require(room.registry[room.session]).viewerID.rawValue
        for capability in [fork.id.rawValue, parentViewer, "nonsense"] {
            let refused = room.send(.received(.show(fork: capability), from: teacher), to: room.session)
            guard case .send(.error(let error), teacher) = refused.first else {
                Issue.record("\(capability) is refused: \(refused)")
                continue
            }
            #expect(error.code == .unknownSession)
        }
        let back = room.send(.received(.show(fork: nil), from: teacher), to: room.session)
        #expect(back == [.broadcast(.shown(fork: nil))])
    }

    @Test("A fork that expires leaves its parent's roster; forks of one session are limited to 20 a second past a burst of 400")
    func expiryAndRate() throws {
        var room = try Class()
        // The teacher stays: the class session is not idle, the fork nobody joined is.
        _ = room.join(room.session, name: "Teacher")
        let fork = try room.fork()
        room.now.monotonicMilliseconds += Int64(SessionLimits.unjoinedTTLSeconds * 1000) + 1
        _ = room.registry.expire(at: room.now)
        #expect(room.registry[fork.id] == nil && room.registry.forkLinks.forks(of: room.session).isEmpty)
        for _ in 0..<400 { _ = try room.fork() }
        #expect(throws: ProtocolError.self) { _ = try room.fork() }
        room.now.monotonicMilliseconds += 1000
        #expect(throws: Never.self) { _ = try room.fork() }
    }
}
