import FocusCore
import FocusProtocol
import RedisCoordination
import Sessions
import WebSocketTransport

/// Which sessions this process holds when several share one Redis (docs/SCALING.md): a
/// session is held exactly while this process holds its lease.
///
/// - The first request for a session it does not hold (a WebSocket, `GET /api/sessions/{id}`,
///   by editor id or viewer capability) takes the lease, loads the session, rebuilds it and
///   hands it to the ``SessionHost``; requests meanwhile wait for that. A lease another process
///   holds is asked for again when it lapses (or sooner: asking marks the session wanted, and
///   its holder hands it over at its next renewal), within ``patience``.
/// - A new session is stored under a lease taken for the purpose, which is then given back: the
///   load balancer sends its clients to whichever process its id hashes to.
/// - A lease lost (taken over, not renewed in time, or a write refused) drops the session at
///   once, closing its connections with 4503; a handoff drops it once what clients saw is stored.
/// - While Redis is unreachable nothing waits for it: held updates go out (see
///   ``SessionHost/releaseHeldDeliveries()``).
///
/// Service thread only: the coordinator's replies hop back with `WebSocketServer.execute`.
final class SessionOwnership: @unchecked Sendable {
    // @unchecked: every property is touched only on the service thread; the coordinator's
    // replies come back through `serviceThread.execute` as `Step` values.

    /// What came of asking for a session.
    enum Outcome {
        /// This process holds it now.
        case held
        /// No session has that id or viewer capability.
        case unknown
        /// It exists, but could not be taken within the patience; the sentence says why.
        case unavailable(String)
        /// Another process holds it, and this one did not ask for it (``hold(_:wanting:then:)``).
        case heldElsewhere
    }

    private let store: RedisPersistence
    private let host: SessionHost
    private let logger: Logger
    private let serviceThread: ServiceThread
    /// Sessions being taken, by id (or by the capability asked for, until it is known to be a
    /// viewer's), with who waits for them.
    private var loads: [SessionID: Load] = [:]
    /// New sessions being stored, by id.
    private var creations: [SessionID: Creation] = [:]
    /// Whether Redis answered last time the coordinator said (it reports every new reason too).
    private var redisReachable = true

    private struct Creation {
        let session: DurableSession
        let done: (Result<DurableSession, ProtocolError>) -> Void
        /// The ticket of its last write, once its lease was granted and the writes queued.
        var ticket: UInt64?
    }

    private struct Load {
        var waiters: [(Outcome) -> Void]
        /// When it is given up.
        var deadline: ContinuousClock.Instant
        /// Whether the id was looked up as a viewer capability already.
        var viewerChecked = false
        /// Whether a holder elsewhere is asked to hand it over.
        var wanting = true
    }

    /// A coordinator reply, carried to the service thread.
    private enum Step: Sendable {
        case acquired(SessionID, Result<LeaseAcquisition, RedisCoordinationError>)
        case viewer(SessionID, Result<String?, RedisCoordinationError>)
        case loaded(SessionID, Lease, Result<LoadedSession?, RedisCoordinationError>)
        case claimed(SessionID, Result<LeaseAcquisition, RedisCoordinationError>)
    }

    init(store: RedisPersistence, host: SessionHost, serviceThread: ServiceThread, logger: Logger) {
        self.store = store
        self.host = host
        self.serviceThread = serviceThread
        self.logger = logger
    }

    /// How long a request waits for a session before it is answered `session_unavailable`:
    /// two leases, enough for a dead holder's lease to lapse.
    var patience: Duration { store.leaseTTL * 2 }

    /// Between two tries while Redis does not answer, or another process holds the session
    /// (it gives it up at its next renewal if alive, or when its lease lapses).
    static let retryDelay = Duration.milliseconds(250)
    /// How long a process that handed a session over leaves it to the one that asked: its own
    /// clients, closed with 4503, come back at once and would take it back first otherwise.
    static let handoffGrace = retryDelay * 3

    /// Sessions handed over lately, until when this process leaves them alone.
    private var handedOver: [SessionID: ContinuousClock.Instant] = [:]

    // MARK: Taking sessions

    /// Makes sure this process holds the session `capability` opens, then calls `then`. Unless
    /// `wanting`, a session another process holds is left to it (``Outcome/heldElsewhere``).
    func hold(_ capability: String, wanting: Bool = true, then: @escaping (Outcome) -> Void) {
        guard let id = SessionID(capability) else { return then(.unknown) }
        if host.registry.lookup(capability) != nil { return then(.held) }
        if loads[id] != nil {
            loads[id]?.waiters.append(then)
            return
        }
        loads[id] = Load(waiters: [then], deadline: .now + patience, wanting: wanting)
        acquire(id)
    }

    private func acquire(_ id: SessionID) {
        if let until = handedOver[id] {
            handedOver[id] = nil
            if until > .now {
                _ = serviceThread.schedule(after: ContinuousClock.now.duration(to: until)) { [weak self] in self?.acquire(id) }
                return
            }
        }
        do {
            let wanting = loads[id]?.wanting ?? true
            try store.coordinator.acquireLease(for: id.rawValue, ttl: store.leaseTTL, mustExist: true, wanting: wanting) {
                [weak self] in self?.hop(.acquired(id, $0))
            }
        } catch {
            finish(id, .unavailable(error.description))
        }
    }

    private func hop(_ step: Step) {
        serviceThread.execute { [weak self] in self?.advance(step) }
    }

    private func advance(_ step: Step) {
        switch step {
        case .acquired(let id, .success(.acquired(let lease))):
            guard loads[id] != nil else { return letGo(lease) }
            do {
                try store.coordinator.loadSession(id.rawValue) { [weak self] in self?.hop(.loaded(id, lease, $0)) }
            } catch {
                letGo(lease)
                finish(id, .unavailable(error.description))
            }
        case .acquired(let id, .success(.heldElsewhere(let node, let expiresIn))):
            // Asking marked the session wanted: a live holder hands it over at its next renewal.
            if loads[id]?.wanting == false { return finish(id, .heldElsewhere) }
            retry(id, after: min(expiresIn + .milliseconds(20), Self.retryDelay), because: "process \(node) still holds it")
        case .acquired(let id, .success(.noSuchSession)):
            guard loads[id]?.viewerChecked == false else { return finish(id, .unknown) }
            loads[id]?.viewerChecked = true
            do {
                try store.coordinator.sessionID(forViewer: id.rawValue) { [weak self] in self?.hop(.viewer(id, $0)) }
            } catch {
                finish(id, .unavailable(error.description))
            }
        case .acquired(let id, .failure(let error)):
            retry(id, after: Self.retryDelay, because: error.description)
        case .viewer(let capability, .success(let session)):
            guard let session, let id = SessionID(session) else { return finish(capability, .unknown) }
            follow(capability, to: id)
        case .viewer(let capability, .failure(let error)):
            loads[capability]?.viewerChecked = false
            retry(capability, after: Self.retryDelay, because: error.description)
        case .loaded(let id, let lease, .success(let stored)):
            loaded(id, lease, stored)
        case .loaded(let id, let lease, .failure(let error)):
            letGo(lease)
            retry(id, after: Self.retryDelay, because: error.description)
        case .claimed(let id, let result):
            claimed(id, result)
        }
    }

    /// `capability` turned out to be the viewer capability of session `id`: its waiters wait
    /// for that session.
    private func follow(_ capability: SessionID, to id: SessionID) {
        guard let load = loads.removeValue(forKey: capability) else { return }
        if host.registry[id] != nil {
            for waiter in load.waiters { waiter(.held) }
        } else if loads[id] != nil {
            loads[id]?.waiters += load.waiters
        } else {
            loads[id] = Load(waiters: load.waiters, deadline: load.deadline, viewerChecked: true, wanting: load.wanting)
            acquire(id)
        }
    }

    private func loaded(_ id: SessionID, _ lease: Lease, _ stored: LoadedSession?) {
        guard let stored else {
            letGo(lease)
            return finish(id, .unknown)
        }
        let restored = SessionLog(stored).restore(host.rebuild)
        guard let restored, restored.problem == nil else {
            // Serving it would write revisions Redis already holds: every write would be refused.
            letGo(lease)
            let problem = restored?.problem ?? "its snapshot cannot be read"
            logger.error("session cannot be loaded", ["session": id.redacted, "problem": problem])
            return finish(id, .unavailable("The session's log in Redis cannot be replayed (\(problem))."))
        }
        store.hold(lease)
        host.adopt(restored.machine)
        logger.info(
            "session taken",
            ["session": id.redacted, "revision": String(restored.machine.revision), "epoch": String(lease.epoch)])
        finish(id, .held)
    }

    private func retry(_ id: SessionID, after delay: Duration, because reason: String) {
        guard let load = loads[id] else { return }
        guard .now + delay < load.deadline else {
            return finish(id, .unavailable("The session cannot be taken now: \(reason). Try again in a moment."))
        }
        _ = serviceThread.schedule(after: delay) { [weak self] in self?.acquire(id) }
    }

    private func finish(_ id: SessionID, _ outcome: Outcome) {
        for waiter in loads.removeValue(forKey: id)?.waiters ?? [] { waiter(outcome) }
    }

    /// Gives back a lease this process took but does not use.
    private func letGo(_ lease: Lease) {
        try? store.coordinator.releaseLease(lease)
    }

    // MARK: New sessions

    /// Makes a session and stores it under a lease of its own, given back once stored; then
    /// `done` (201), or the refusal (429, 503).
    func create(
        by peer: String, source: CompiledSource, done: @escaping (Result<DurableSession, ProtocolError>) -> Void
    ) {
        let session: DurableSession
        do {
            session = try host.createUnheld(by: peer, source: source)
        } catch {
            return done(.failure(error))
        }
        guard let id = SessionID(session.id) else { return done(.failure(Self.unavailable("its id is malformed"))) }
        creations[id] = Creation(session: session, done: done)
        do {
            try store.coordinator.acquireLease(for: id.rawValue, ttl: store.leaseTTL) { [weak self] in self?.hop(.claimed(id, $0))
            }
        } catch {
            failCreation(id, error.description)
        }
    }

    private func claimed(_ id: SessionID, _ result: Result<LeaseAcquisition, RedisCoordinationError>) {
        guard let creation = creations[id] else { return }
        switch result {
        case .success(.acquired(let lease)):
            store.hold(lease)
            creations[id]?.ticket = store.submit([.create(creation.session), .snapshot(creation.session)])
            store.startWriting()
        case .success(let other):
            failCreation(id, "Redis answered \(other) for a new id")
        case .failure(let error):
            failCreation(id, error.description)
        }
    }

    /// Answers the new sessions whose writes are settled through `ticket`: stored, unless listed
    /// in `failed`.
    private func settleCreations(through ticket: UInt64, failed: Set<SessionID>) {
        for (id, creation) in creations {
            guard let written = creation.ticket, written <= ticket else { continue }
            if failed.contains(id) {
                failCreation(id, "Redis did not store it")
            } else {
                creations[id] = nil
                store.letGo(of: id, release: true)
                creation.done(.success(creation.session))
            }
        }
    }

    private func failCreation(_ id: SessionID, _ reason: String) {
        guard let creation = creations.removeValue(forKey: id) else { return }
        // Its writes may still land: the session then lapses in Redis after the retention.
        store.letGo(of: id, release: true)
        creation.done(.failure(Self.unavailable(reason)))
    }

    private static func unavailable(_ reason: String) -> ProtocolError {
        ProtocolError(.sessionUnavailable, "No session can be created now (\(reason)); try again in a moment.")
    }

    // MARK: What Redis reports

    func handle(_ event: ClusterEvent) {
        switch event {
        case .committed(let ticket, let failed):
            let failedSessions = Set(failed.filter { $0.failure != .abandoned }.compactMap { SessionID($0.sessionID) })
            for id in failedSessions {
                let reason = failed.first { $0.sessionID == id.rawValue }?.failure.description ?? ""
                drop(id, because: "Redis refused a write: \(reason)", release: true)
            }
            host.committed(through: ticket, failure: nil)
            settleCreations(through: ticket, failed: failedSessions)
        case .refused(let id, let reason):
            failCreation(id, reason)
            drop(id, because: "a write could not be queued: \(reason)", release: true)
        case .leaseLost(let lost):
            guard let id = SessionID(lost.lease.sessionID), store.lease(of: id) == lost.lease else { return }
            drop(id, because: lost.description, release: false)
        case .handoffRequested(let lease, let node):
            guard let id = SessionID(lease.sessionID), store.lease(of: id) == lease, host.registry[id] != nil else { return }
            logger.info("session handed over", ["session": id.redacted, "to": node])
            host.release(id, afterStored: true)
            store.letGo(of: id, release: true)
            handedOver = handedOver.filter { $0.value > .now }
            handedOver[id] = .now + Self.handoffGrace
        case .audience(let lease, let viewers):
            guard let id = SessionID(lease.sessionID), store.lease(of: id) == lease else { return }
            host.handle(.viewersElsewhere(viewers), in: id)
        case .health(let health):
            guard (health == .ok) != redisReachable else { return }
            redisReachable = health == .ok
            if redisReachable {
                logger.info("Redis reachable", ["node": store.nodeID])
            } else {
                logger.warning("Redis unreachable: serving held sessions from memory", ["reason": health.description])
                host.releaseHeldDeliveries()
                // Nor are new sessions kept waiting for it.
                for id in Array(creations.keys) { failCreation(id, health.description) }
            }
        case .following, .published, .live, .ended:
            // The relay's: ``AudienceRelay``.
            break
        }
    }

    /// Stops serving session `id` at once: this process cannot write it any more.
    private func drop(_ id: SessionID, because reason: String, release: Bool) {
        store.letGo(of: id, release: release)
        guard host.registry[id] != nil else { return }
        logger.warning("session dropped", ["session": id.redacted, "reason": reason])
        host.release(id, afterStored: false)
    }
}
