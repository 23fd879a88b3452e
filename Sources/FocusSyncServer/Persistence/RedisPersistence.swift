import Locking
import RedisCoordination
import Sessions

/// Sessions kept in Redis through a ``RedisCoordinator``: per session a change stream fenced by
/// the lease, its latest snapshot, its members and its metadata (docs/SCALING.md).
///
/// A process holds a session only while it holds the session's lease; ``SessionOwnership``
/// decides which ones, and this store writes each session under the lease it was given.
/// Nothing is restored at start: a session is loaded when it is first asked for.
final class RedisPersistence: SessionPersistence {
    let coordinator: RedisCoordinator
    /// The changes other processes publish for the sessions whose viewers this one serves
    /// without holding them (``AudienceRelay``).
    let subscriber: ChangeSubscriber
    /// How long a lease lasts without a renewal.
    let leaseTTL: Duration
    /// The lease of every session this process holds or is storing.
    private let leases = Locked<[SessionID: Lease]>([:])
    /// The last ticket the coordinator gave out, returned for a submission that queued nothing.
    private let lastTicket = Locked<UInt64>(0)
    private let events: @Sendable (ClusterEvent) -> Void

    /// Starts the coordinator (it connects on its own thread). `events` runs on that thread.
    init(
        url: RedisURL, nodeID: String, leaseSeconds: Int, retentionSeconds: Double,
        events: @escaping @Sendable (ClusterEvent) -> Void
    ) throws(PersistenceError) {
        var configuration: RedisCoordinatorConfiguration
        do {
            configuration = try RedisCoordinatorConfiguration(url: url, nodeID: nodeID)
        } catch {
            throw PersistenceError(description: error.description)
        }
        // Redis forgets a session only after this process would have (--session-ttl).
        configuration.retention = .seconds(max(retentionSeconds, Double(leaseSeconds)))
        // About a minute of a busy process's changes; past it a session stops (docs/SCALING.md).
        configuration.pendingWriteLimit = 100_000
        leaseTTL = .seconds(leaseSeconds)
        self.events = events
        coordinator = RedisCoordinator(
            configuration: configuration,
            events: RedisCoordinatorEvents(
                onCommit: { through, outcome in
                    let failed: [FailedWrite] = if case .storedExcept(let failed) = outcome { failed } else { [] }
                    events(.committed(through: through.rawValue, failed: failed))
                },
                onLeaseLost: { events(.leaseLost($0)) },
                onHealthChange: { events(.health($0)) },
                onHandoffRequested: { events(.handoffRequested($0, node: $1)) },
                onAudience: { events(.audience($0, viewers: $1)) }))
        do {
            subscriber = try ChangeSubscriber(
                configuration: configuration,
                events: ChangeSubscriberEvents(
                    onFollowing: { id in SessionID(id).map { events(.following($0)) } },
                    onChange: { events(.published($0)) },
                    onLive: { id, payload in SessionID(id).map { events(.live($0, payload)) } },
                    onEnded: { id in SessionID(id).map { events(.ended($0)) } }))
        } catch {
            coordinator.shutdown()
            throw PersistenceError(description: error.description)
        }
    }

    var nodeID: String { coordinator.nodeID }

    // MARK: Leases

    /// Writes for session `lease.sessionID` go under `lease` from now on.
    func hold(_ lease: Lease) {
        guard let id = SessionID(lease.sessionID) else { return }
        leases.withLock { $0[id] = lease }
    }

    func lease(of id: SessionID) -> Lease? {
        leases.withLock { $0[id] }
    }

    /// Stops writing session `id`; with `release`, gives its lease back after the writes
    /// already queued (for a lease that is lost, there is nothing to give back).
    func letGo(of id: SessionID, release: Bool) {
        guard let lease = leases.withLock({ $0.removeValue(forKey: id) }) else { return }
        if release {
            try? coordinator.releaseLease(lease)
        }
    }

    /// Publishes what held session `id` shares without a change, for its relays, in order with
    /// its writes queued before; nothing waits for it, and one that cannot be queued is dropped
    /// (the next one carries the whole live state again).
    func shareLive(_ share: LiveShare, of id: SessionID) {
        guard let lease = lease(of: id) else { return }
        _ = try? coordinator.shareLive(share.encoded(), under: lease)
    }

    // MARK: SessionPersistence

    func submit(_ writes: [PersistenceWrite]) -> UInt64 {
        var last: WriteTicket?
        for write in writes {
            guard let id = write.sessionID else { continue }
            guard let lease = lease(of: id) else {
                events(.refused(id, reason: "this process holds no lease on it"))
                continue
            }
            do {
                last = try queue(write, under: lease)
            } catch {
                events(.refused(id, reason: error.description))
            }
            if case .delete = write {
                letGo(of: id, release: true)
            }
        }
        return lastTicket.withLock { ticket in
            ticket = max(ticket, last?.rawValue ?? 0)
            return ticket
        }
    }

    /// Writes wait in the coordinator's inbox until the end of the service loop's turn, so one
    /// turn's writes go to Redis in one round trip and wake the coordinator's thread once.
    var waitsToStartWriting: Bool { true }

    func startWriting() {
        coordinator.sendQueuedWrites()
    }

    private func queue(_ write: PersistenceWrite, under lease: Lease) throws(RedisCoordinationError) -> WriteTicket {
        let id = lease.sessionID
        switch write {
        case .create(let session):
            return try coordinator.createSession(
                SessionMetadata(sessionID: id, viewerCapability: session.viewer, payload: SessionLog.metadata(of: session)),
                under: lease, waking: false)
        case .change(_, let change):
            return try coordinator.append(
                StreamedChange(
                    sessionID: id, revision: Int64(change.revision), at: change.at, payload: change.encodedBody()),
                under: lease, waking: false)
        case .member(_, let member):
            return try coordinator.storeMember(
                MemberRecord(sessionID: id, clientID: member.clientId, payload: SessionLog.encode(member)), under: lease,
                waking: false)
        case .snapshot(let session):
            return try coordinator.storeSnapshot(
                SnapshotRecord(sessionID: id, revision: Int64(session.revision), payload: SessionLog.encode(session)),
                under: lease, waking: false)
        case .delete:
            return try coordinator.deleteSession(under: lease, waking: false)
        }
    }

    func restore(rebuild: @Sendable (DurableSession) -> SessionMachine?) throws(PersistenceError) -> [RestoredSession] {
        []
    }

    func close() {
        subscriber.shutdown()
        coordinator.shutdown()
    }

    var health: PersistenceHealth {
        let health = coordinator.health
        let reason: String? = if case .degraded(let reason) = health { reason } else { nil }
        return PersistenceHealth(
            kind: "redis", location: coordinator.configuration.url.description, healthy: health == .ok, error: reason)
    }

    var deliveriesWaitForCommit: Bool {
        coordinator.health == .ok
    }
}

extension SessionLog {
    /// The log of a session as Redis handed it to a new owner.
    init(_ stored: LoadedSession) {
        self.init(
            snapshot: stored.snapshot?.payload, members: stored.members.map(\.payload),
            changes: stored.changes.map { SessionLog.Change(revision: $0.revision, at: $0.at, body: $0.payload) })
    }
}
