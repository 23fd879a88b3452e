import FocusCore
import FocusProtocol
import Sessions
import WebSocketTransport

/// Drives the session machines: hands each input to its session and performs the outputs on
/// the transport (sends, broadcasts encoded once, closes, timers) and in the store. With a store,
/// what clients see waits behind the ``CommitBarrier`` until the changes before it are stored.
/// Service thread only (restoring happens before the transport starts).
final class SessionHost {
    /// Every session held here; the host's extensions in other files (forks) read and change it too.
    var registry: SessionRegistry
    let persistence: (any SessionPersistence)?
    let logger: Logger
    let serviceThread: ServiceThread
    private let clock: SessionClock
    /// Every open WebSocket of a session by its machine id: the process's one table of them.
    private var connections: [ConnectionID: ConnectionContext] = [:]
    private var timers: [TimerKey: ScheduledWork] = [:]
    /// Reused for every input, so handling one allocates no output array.
    private var outputs: [SessionOutput] = []
    private var ids = SystemRandomNumberGenerator()
    let barrier = CommitBarrier()
    private var snapshots = SnapshotEncodings()
    /// Sessions' own sources, compiled off the service thread.
    let compiler: SourceCompilerCache
    /// The revision each session's last stored snapshot holds.
    var snapshotRevisions: [SessionID: Int] = [:]
    /// The sessions each uncommitted ticket wrote to, to mark them if the commit fails.
    var ticketSessions: [(ticket: UInt64, sessions: [SessionID])] = []
    /// Sessions with changes the store failed to keep; a snapshot is retried for them.
    var notDurable: Set<SessionID> = []
    /// Whether the next roster of forks that changed is scheduled (``RosterTick``).
    var rosterScheduled = false
    /// Whether the store has been asked to start on what this turn submitted.
    var writingRequested = false
    /// With Redis: where what a held session shares without a change goes (SessionHost+Live).
    var shareLive: ((SessionID, LiveShare) -> Void)?
    /// A relay's host: what follows every snapshot of a copy (its owner's live part).
    var liveAfterSnapshot: ((SessionID) -> [OutboundMessage])?

    /// A session's snapshot is stored again after this many changes, so a restore replays few.
    static let snapshotInterval = 250

    private struct TimerKey: Hashable {
        let session: SessionID
        let timer: SessionTimer
    }

    init(
        limits: SessionLimits, persistence: (any SessionPersistence)?, compiler: SourceCompilerCache,
        serviceThread: ServiceThread,
        clock: SessionClock, logger: Logger
    ) {
        self.clock = clock
        registry = SessionRegistry(limits: limits, compile: compiler.compiler)
        self.compiler = compiler
        self.persistence = persistence
        self.serviceThread = serviceThread
        self.logger = logger
    }

    // MARK: Sessions

    /// A new session, running `source` (compiled without errors).
    func create(by peer: String, source: CompiledSource) throws(ProtocolError) -> SessionMachine {
        outputs.removeAll(keepingCapacity: true)
        return started(try registry.create(by: peer, source: source, at: clock.now(), ids: &ids, into: &outputs))
    }

    /// A new fork of `parent`, stored as a new session is (see ``fork(of:)``).
    func makeFork(of parent: SessionID) throws(ProtocolError) -> SessionMachine {
        outputs.removeAll(keepingCapacity: true)
        return started(try registry.fork(parent, at: clock.now(), ids: &ids, into: &outputs))
    }

    /// A session just made, with its first outputs in ``outputs``: stored whole, and run.
    private func started(_ session: SessionMachine) -> SessionMachine {
        let durable = session.durableState()
        store([.create(durable), .snapshot(durable)], for: [session.id])
        snapshotRevisions[session.id] = 0
        perform(for: session.id)
        return session
    }

    /// Sends `message` on one connection of any session, if it is still open.
    func send(_ message: OutboundMessage, to connection: ConnectionID) {
        connections[connection]?.socket.send(message)
    }

    /// Rebuilds every stored session. Call before the transport starts; their timers are asked
    /// for by ``resumeRestoredSessions()`` once it runs.
    func restore() throws(PersistenceError) -> Int {
        guard let persistence else { return 0 }
        let restored = try persistence.restore(rebuild: rebuilder(at: clock.now()))
        for session in restored {
            if let problem = session.problem {
                logger.error("session restored only in part", ["problem": problem])
            }
            registry.adopt(session.machine)
            snapshotRevisions[session.machine.id] = session.machine.revision
        }
        return restored.count
    }

    /// A machine for a stored session, with the same configuration and compiler as new sessions
    /// get; its changes are still to be replayed. `nil`, with the reason logged, for one that
    /// cannot run (an earlier FocusSync's built-in screens, or a source that no longer compiles):
    /// it stays stored as it is.
    func rebuild(_ durable: DurableSession) -> SessionMachine? {
        rebuilder(at: clock.now())(durable)
    }

    /// ``rebuild(_:)`` as a function of its own that any thread may call, every session rebuilt
    /// as of `time`: a restore rebuilds and replays sessions on every core.
    func rebuilder(at time: MachineTime) -> @Sendable (DurableSession) -> SessionMachine? {
        { [compiler, logger] durable in
            do throws(ReplayError) {
                return try SessionMachine(
                    restoring: durable, configuration: SessionConfiguration(), compile: compiler.restoringCompiler, at: time)
            } catch {
                let session = SessionID(durable.id)?.redacted ?? "?"
                logger.warning("a stored session is not restored", ["session": session, "reason": error.description])
                return nil
            }
        }
    }

    /// Asks again for the timers the restored sessions had pending. Service thread.
    func resumeRestoredSessions() {
        for id in Array(registry.ids) {
            outputs.removeAll(keepingCapacity: true)
            registry.rescheduleTimers(of: id, into: &outputs)
            perform(for: id)
        }
        scheduleRoster()
    }

    /// Forgets idle sessions, with their timers, and deletes them from the store.
    func expireIdle() {
        let expired = registry.expire(at: clock.now())
        guard !expired.isEmpty else { return }
        let gone = Set(expired)
        for key in timers.keys where gone.contains(key.session) {
            timers.removeValue(forKey: key)?.cancel()
        }
        for id in expired {
            snapshotRevisions[id] = nil
            snapshots.drop(id)
            notDurable.remove(id)
        }
        store(expired.map(PersistenceWrite.delete), for: expired)
    }

    // MARK: Sessions other processes may hold (with Redis; docs/SCALING.md)

    /// Holds a session loaded for this process, with the timers it had pending.
    func adopt(_ machine: SessionMachine) {
        outputs.removeAll(keepingCapacity: true)
        var machine = machine
        machine.rescheduleTimers(into: &outputs)
        registry.adopt(machine)
        snapshotRevisions[machine.id] = machine.revision
        perform(for: machine.id)
        scheduleRoster()
    }

    /// Makes a session without holding it: the caller stores it, and whichever process its
    /// clients reach loads it (and asks for its first screen's timers then).
    func createUnheld(by peer: String, source: CompiledSource) throws(ProtocolError) -> DurableSession {
        outputs.removeAll(keepingCapacity: true)
        let session = try registry.create(by: peer, source: source, at: clock.now(), ids: &ids, into: &outputs)
        registry.remove(session.id)
        return session.durableState()
    }

    /// Forgets session `id` at once, so nothing more changes it here, and closes its
    /// connections with 4503 so that they reconnect to whoever holds it next (or with `ended`'s
    /// error and close code: the session is gone). With `afterStored`, they are closed once what
    /// was submitted is stored and sent (a handoff); otherwise now, and what they were still to
    /// see is dropped (the store refused it).
    func release(_ id: SessionID, afterStored: Bool, ended: ProtocolError? = nil) {
        guard registry.remove(id) != nil else { return }
        for key in timers.keys where key.session == id {
            timers.removeValue(forKey: key)?.cancel()
        }
        snapshotRevisions[id] = nil
        snapshots.drop(id)
        notDurable.remove(id)
        let held = connections.filter { $0.value.session == id }
        let code = CloseCode(rawValue: (ended?.code.closeCode ?? .reconnect).rawValue)
        let reason = ended?.code.rawValue ?? "the session moved; reconnect"
        let error = ended.map { OutboundMessage(utf8: ServerMessage.error($0).encoded()) }
        let close = {
            for held in held.values {
                if let error { held.socket.send(error) }
                held.socket.close(code: code, reason: reason)
            }
        }
        if afterStored {
            deliver(close)
        } else {
            for connection in held.keys { connections[connection] = nil }
            close()
        }
    }

    // MARK: Copies of sessions others hold (a relay's host, without a store; docs/SCALING.md)

    /// Applies a change the owner stored to the copy of session `id`, and sends its update to the
    /// copy's connections. Throws when it does not follow the copy's revision or does not replay.
    func follow(_ change: ChangeRecord, in id: SessionID) throws(ReplayError) {
        outputs.removeAll(keepingCapacity: true)
        try registry.follow(change, in: id, into: &outputs)
        perform(for: id)
    }

    /// Sends now everything waiting for the store, which cannot commit for a while: clients are
    /// served from memory meanwhile (docs/SCALING.md says what that risks).
    func releaseHeldDeliveries() {
        barrier.releaseAll()
    }

    /// The bytes the slowest joined connection has waiting.
    var largestQueuedBytes: Int {
        connections.values.lazy.map(\.socket.queuedBytes).max() ?? 0
    }

    // MARK: Connections

    func opened(_ context: ConnectionContext, role: Role) {
        connections[context.connection] = context
        handle(.opened(context.connection, role: role), in: context.session)
    }

    func closed(_ context: ConnectionContext) {
        connections[context.connection] = nil
        handle(.closed(context.connection), in: context.session)
    }

    /// Runs `work` (a send or a close the application makes itself) in order with what the
    /// sessions send: after every change submitted before it is stored.
    func deliver(_ work: @escaping () -> Void) {
        barrier.run(work)
    }

    /// Hands `input` to session `id` and performs what it asks for.
    func handle(_ input: SessionInput, in id: SessionID) {
        outputs.removeAll(keepingCapacity: true)
        registry.handle(input, in: id, at: clock.now(), ids: &ids, into: &outputs)
        // A fork's change (or its student coming and going) is due in its parent's roster.
        if !outputs.isEmpty, registry.noteChange(of: id) { scheduleRoster() }
        perform(for: id)
    }

    private func perform(for session: SessionID) {
        var writes: [PersistenceWrite] = []
        var revision: Int?
        for output in outputs {
            switch output {
            case .persist(let record):
                switch record {
                case .change(let change):
                    writes.append(.change(session: session, change))
                    revision = change.revision
                case .member(let member): writes.append(.member(session: session, member))
                }
            case .schedule(let timer, let milliseconds):
                let key = TimerKey(session: session, timer: timer)
                timers.removeValue(forKey: key)?.cancel()
                timers[key] = serviceThread.schedule(after: .milliseconds(milliseconds)) { [weak self] in
                    self?.timers[key] = nil
                    self?.handle(.timerFired(timer), in: session)
                }
            case .cancel(let timer):
                timers.removeValue(forKey: TimerKey(session: session, timer: timer))?.cancel()
            case .compileSource(let text):
                compileEdited(text, of: session)
            case .fault(let fault):
                logger.error(
                    "a session could not do all an input asked", ["session": session.rawValue, "fault": fault.description])
            case .send, .sendSnapshot, .broadcast, .close, .dropBacklog:
                if !writes.isEmpty {
                    store(writes, for: [session])
                    writes.removeAll()
                }
                deliver(networkWork(output, in: session))
            }
        }
        if !writes.isEmpty { store(writes, for: [session]) }
        // Only a change raises the revision, and each one is persisted, so its record says
        // whether a snapshot is due without reading the machine.
        if let revision, revision - (snapshotRevisions[session] ?? 0) >= Self.snapshotInterval, let machine = registry[session] {
            snapshotRevisions[session] = revision
            store([.snapshot(machine.durableState())], for: [session])
        }
    }

    /// Compiles a text members edited, on the compiler's thread, and hands it back to the session
    /// on the service thread (which takes it only if it is still the latest).
    private func compileEdited(_ text: String, of session: SessionID) {
        // Touched only back on the service thread.
        let host = ServiceThreadBound(self)
        compiler.compile(text) { [serviceThread] _ in
            serviceThread.execute { host.value.handle(.sourceCompiled(text), in: session) }
        }
    }

    /// What a network output does, with its message encoded and its recipients read now.
    private func networkWork(_ output: SessionOutput, in session: SessionID) -> () -> Void {
        switch output {
        case .send(let message, let connection):
            let encoded = OutboundMessage(utf8: message.encoded())
            return { [weak self] in self?.connections[connection]?.socket.send(encoded) }
        case .sendSnapshot(let member, let connection):
            guard let message = registry.read(session, { snapshots.message(for: member, of: $0) }) else { return {} }
            let encoded = OutboundMessage(utf8: message.encoded())
            // An editor's snapshot is followed by the whole roster of the session's forks.
            let roster = member.role == .editor ? wholeRoster(of: session) : nil
            let live = liveAfterSnapshot?(session) ?? []
            return { [weak self] in
                guard let link = self?.connections[connection]?.socket else { return }
                link.send(encoded)
                if let roster { link.send(roster) }
                for message in live { link.send(message) }
            }
        case .broadcast(let message):
            // The state a snapshot carries is encoded once a revision, and so holds until presence (the
            // members it names) or Step (`state.stepping`, which moves without a revision) moves.
            switch message {
            case .presence, .stepping: snapshots.drop(session)
            default: break
            }
            let bytes = message.encoded()
            shareIfLive(message, bytes, of: session)
            let encoded = OutboundMessage(utf8: bytes)
            let recipients = registry.recipients(of: session)
            return { [weak self] in
                guard let self else { return }
                for connection in recipients { connections[connection]?.socket.send(encoded) }
            }
        case .close(let connection, let code, let reason):
            return { [weak self] in
                self?.connections[connection]?.socket.close(code: CloseCode(rawValue: code.rawValue), reason: reason)
            }
        case .dropBacklog(let connection):
            return { [weak self] in self?.connections[connection]?.socket.discardBacklog() }
        case .persist, .schedule, .cancel, .fault, .compileSource:
            return {}
        }
    }
}
