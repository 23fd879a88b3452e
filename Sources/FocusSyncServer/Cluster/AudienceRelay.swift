import FocusProtocol
import RedisCoordination
import Sessions
import WebSocketTransport

/// Serves the viewers of sessions this process does not hold (docs/SCALING.md): HAProxy spreads a
/// session's viewers over every process by their capability, while its editors go to the one
/// holding it.
///
/// For each such session the relay keeps a copy in its own ``SessionHost`` (without a store),
/// built from what Redis stores, and follows the owner: every change the owner stores is
/// published once on the session's channel, and the relay applies it to the copy in revision
/// order through a ``RevisionFeed``, which sends the update to the copy's viewers. A gap (or a
/// subscription made again) is filled from the stored changes; a copy that cannot be caught up
/// is dropped and its viewers reconnect to a copy built afresh. The copy never changes by
/// itself: its program's timers run at the owner only, so an owner that dies leaves the
/// viewers connected, waiting for the next owner's changes. A copy whose session nobody holds at
/// two checks a lease's time apart (its editors have not come, or its owner died and nobody took
/// it over) is taken by this process, without
/// asking a holder for it, so that its program runs while it is watched: the copy's viewers
/// reconnect once, to the session held here or to copies of it.
///
/// Every third of a lease the relay tells each followed session's holder, through Redis, how
/// many viewers have joined its copy here (``RedisCoordinator/reportAudience(of:viewers:for:_:)``, one
/// small script call per session whatever the number of viewers): the holder counts them in
/// presence and keeps the session while they watch.
///
/// Service thread only: the coordinator's replies and the subscriber's reports come back with
/// `WebSocketServer.execute`.
final class AudienceRelay: @unchecked Sendable {
    // @unchecked: every property is touched only on the service thread.

    /// The copies, and their connections.
    let host: SessionHost
    private let store: RedisPersistence
    private let ownership: SessionOwnership
    private let serviceThread: ServiceThread
    private let logger: Logger
    /// Viewer capabilities being looked up, with who waits.
    private var lookups: [SessionID: [(SessionOwnership.Outcome) -> Void]] = [:]
    /// Every session followed, by its id.
    private var followed: [SessionID: Followed] = [:]
    /// What each holder was told of the viewers here.
    private var reports = AudienceReports()
    /// Whether the next report is scheduled.
    private var reporting = false

    private struct Followed {
        var feed = RevisionFeed<StreamedChange>()
        /// Connections waiting for the copy to be built.
        var waiters: [(SessionOwnership.Outcome) -> Void] = []
        /// Whether a load (the first one, or a catch-up) is under way.
        var loading = false
        /// The subscription was made again while the copy was first loading: what it missed
        /// may be after what the load read.
        var resubscribedWhileLoading = false
        /// What the owner shares without a change, as of its latest share: sent after every
        /// snapshot of the copy (``LiveShare/catchUp``).
        var live: [OutboundMessage] = []
        /// The latest share as published, to tell whether the stored one is news.
        var livePayload: [UInt8] = []
        /// The owner's whole count in its latest share: what the copy's snapshots carry.
        var ownerCount: PresenceCount?
        /// A share was published since the stored one was asked for: the stored one is older.
        var livePublished = false
        /// How many checks in a row found nobody holding the session.
        var unheldChecks = 0
    }

    /// A coordinator reply, carried to the service thread.
    private enum Step: Sendable {
        case resolved(SessionID, Result<String?, RedisCoordinationError>)
        case loaded(SessionID, Result<LoadedSession?, RedisCoordinationError>)
        case storedLive(SessionID, resync: Bool, Result<[UInt8]?, RedisCoordinationError>)
        case holder(SessionID, Result<String?, RedisCoordinationError>)
    }

    init(
        store: RedisPersistence, host: SessionHost, ownership: SessionOwnership, serviceThread: ServiceThread, logger: Logger
    ) {
        self.store = store
        self.ownership = ownership
        self.host = host
        self.serviceThread = serviceThread
        self.logger = logger
        host.liveAfterSnapshot = { [unowned self] id in followed[id]?.live ?? [] }
    }

    /// How many sessions are followed now.
    var followedCount: Int { followed.count }

    // MARK: Viewers

    /// Makes sure the copy of the session viewer capability `capability` opens is here, then
    /// calls `then`.
    func serve(_ capability: String, then: @escaping (SessionOwnership.Outcome) -> Void) {
        guard let viewer = SessionID(capability) else { return then(.unknown) }
        if host.registry.lookup(capability) != nil { return then(.held) }
        if lookups[viewer] != nil {
            lookups[viewer]?.append(then)
            return
        }
        lookups[viewer] = [then]
        do {
            try store.coordinator.sessionID(forViewer: capability) { [weak self] in self?.hop(.resolved(viewer, $0)) }
        } catch {
            resolved(viewer, .failure(error))
        }
    }

    /// A viewer's connection closed (after the host was told): a copy nobody watches any more
    /// is forgotten, and its session no longer followed.
    func closed(in id: SessionID) {
        guard followed[id] != nil, host.registry[id]?.connectionCount == 0 else { return }
        forget(id)
    }

    private func hop(_ step: Step) {
        serviceThread.execute { [weak self] in
            switch step {
            case .resolved(let viewer, let result): self?.resolved(viewer, result)
            case .loaded(let id, let result): self?.loaded(id, result)
            case .storedLive(let id, let resync, let result): self?.storedLive(id, resync: resync, result)
            case .holder(let id, let result): self?.holder(id, result)
            }
        }
    }

    private func resolved(_ viewer: SessionID, _ result: Result<String?, RedisCoordinationError>) {
        let waiters = lookups.removeValue(forKey: viewer) ?? []
        let id: SessionID
        switch result {
        case .success(let session):
            guard let session, let found = SessionID(session) else { return answer(waiters, .unknown) }
            id = found
        case .failure(let error):
            return answer(waiters, .unavailable("The session cannot be reached now: \(error.description)"))
        }
        if host.registry[id] != nil { return answer(waiters, .held) }
        if followed[id] == nil {
            followed[id] = Followed()
            reportAudienceLater()
            // The copy is built once the subscription is in place (``handle(_:)``), so nothing
            // published after the load can be missed.
            store.subscriber.follow(id.rawValue)
        }
        followed[id]?.waiters += waiters
    }

    private func answer(_ waiters: [(SessionOwnership.Outcome) -> Void], _ outcome: SessionOwnership.Outcome) {
        for waiter in waiters { waiter(outcome) }
    }

    // MARK: What Redis reports

    /// The subscriber's reports: ``ClusterEvent/following(_:)``, ``ClusterEvent/published(_:)``,
    /// ``ClusterEvent/live(_:_:)`` and ``ClusterEvent/ended(_:)``.
    func handle(_ event: ClusterEvent) {
        switch event {
        case .following(let id):
            guard let session = followed[id] else { return }
            // Made again with the copy built (Redis came back): a share missed meanwhile is
            // brought to the viewers who stayed.
            readLive(id, resync: host.registry[id] != nil)
            if host.registry[id] == nil {
                if session.loading { followed[id]?.resubscribedWhileLoading = true }
                load(id)
            } else {
                advance(id, followed[id]?.feed.resubscribed())
            }
        case .published(let change):
            guard let id = SessionID(change.sessionID), followed[id] != nil else { return }
            advance(id, followed[id]?.feed.receive(change, revision: Int(change.revision)))
        case .live(let id, let payload):
            guard followed[id] != nil, let share = LiveShare(decoding: payload) else { return }
            keep(share, payload, of: id)
            followed[id]?.livePublished = true
            if host.registry[id] != nil { host.forward(OutboundMessage(utf8: share.message), in: id) }
        case .ended(let id):
            guard followed[id] != nil else { return }
            logger.info("a relayed session ended", ["session": id.redacted])
            // Its viewers are told as a viewer connecting now would be, and stop reconnecting.
            answer(followed[id]?.waiters ?? [], .unknown)
            forget(id, ended: Application.unknownSession)
        case .committed, .refused, .leaseLost, .handoffRequested, .audience, .health:
            break
        }
    }

    /// Reads the owner's latest live share, which the subscription, just made, did not carry;
    /// with `resync`, the copy's viewers are sent it too, after a snapshot, if it is news.
    private func readLive(_ id: SessionID, resync: Bool) {
        followed[id]?.livePublished = false
        do {
            try store.coordinator.liveShare(of: id.rawValue) { [weak self] in self?.hop(.storedLive(id, resync: resync, $0)) }
        } catch {
            storedLive(id, resync: resync, .failure(error))
        }
    }

    private func storedLive(_ id: SessionID, resync: Bool, _ result: Result<[UInt8]?, RedisCoordinationError>) {
        guard followed[id]?.livePublished == false else { return }
        let payload: [UInt8]
        switch result {
        case .success(let stored?): payload = stored
        case .success(nil): return
        case .failure:
            // The subscription can come back before the coordinator's connection does.
            _ = serviceThread.schedule(after: SessionOwnership.retryDelay) { [weak self] in
                guard let self, followed[id]?.livePublished == false else { return }
                readLive(id, resync: resync)
            }
            return
        }
        guard let share = LiveShare(decoding: payload), followed[id]?.livePayload != payload else { return }
        keep(share, payload, of: id)
        // A snapshot first: the shares carry who joined, and whoever left meanwhile must go.
        if resync { host.resyncViewers(of: id) }
    }

    /// Keeps the owner's latest share of session `id`, sent after every snapshot of its copy,
    /// and tells the copy the owner's count, which its snapshots carry.
    private func keep(_ share: LiveShare, _ payload: [UInt8], of id: SessionID) {
        followed[id]?.live = share.catchUp.map { OutboundMessage(utf8: $0) }
        followed[id]?.livePayload = payload
        followed[id]?.ownerCount = share.presenceCount
        tellOwnerCount(to: id)
    }

    /// Hands the copy of session `id`, if it is built, the owner's count last heard.
    private func tellOwnerCount(to id: SessionID) {
        guard let count = followed[id]?.ownerCount else { return }
        host.handle(.ownerCount(count), in: id)
    }

    private func load(_ id: SessionID) {
        guard followed[id]?.loading == false else { return }
        followed[id]?.loading = true
        do {
            try store.coordinator.loadSession(id.rawValue) { [weak self] in self?.hop(.loaded(id, $0)) }
        } catch {
            loaded(id, .failure(error))
        }
    }

    private func loaded(_ id: SessionID, _ result: Result<LoadedSession?, RedisCoordinationError>) {
        guard followed[id] != nil else { return }
        followed[id]?.loading = false
        let built = host.registry[id] != nil
        switch result {
        case .success(let stored?) where built:
            let changes = stored.changes.map { (revision: Int($0.revision), change: $0) }
            advance(id, followed[id]?.feed.caughtUp(base: Int(stored.snapshot?.revision ?? 0), changes: changes))
        case .success(let stored?):
            build(id, from: stored)
        case .success(nil):
            fail(id, .unknown)
        case .failure(let error) where built:
            // Still catching up: ask again in a moment.
            logger.warning("a relay could not catch up", ["session": id.redacted, "reason": error.description])
            _ = serviceThread.schedule(after: SessionOwnership.retryDelay) { [weak self] in self?.load(id) }
        case .failure(let error):
            fail(id, .unavailable("The session cannot be loaded now: \(error.description)"))
        }
    }

    private func build(_ id: SessionID, from stored: LoadedSession) {
        guard let restored = SessionLog(stored).restore(host.rebuild), restored.problem == nil else {
            return fail(id, .unavailable("The session's log in Redis cannot be replayed."))
        }
        host.adoptCopy(restored.machine)
        tellOwnerCount(to: id)
        let waiters = followed[id]?.waiters ?? []
        followed[id]?.waiters = []
        advance(id, followed[id]?.feed.start(at: restored.machine.revision))
        if followed[id]?.resubscribedWhileLoading == true {
            followed[id]?.resubscribedWhileLoading = false
            advance(id, followed[id]?.feed.resubscribed())
        }
        answer(waiters, .held)
        checkHolder(of: id, after: store.leaseTTL)
        logger.info("relay following", ["session": id.redacted, "revision": String(restored.machine.revision)])
        // Every waiter may have gone meanwhile.
        closed(in: id)
    }

    // MARK: A session nobody holds

    /// Asks after `delay` who holds session `id`, while its copy is here, and again every lease
    /// time after that: a copy of a session nobody holds never changes, and nothing runs its
    /// program's timers.
    private func checkHolder(of id: SessionID, after delay: Duration) {
        _ = serviceThread.schedule(after: delay) { [weak self] in
            guard let self, host.registry[id] != nil else { return }
            do {
                try store.coordinator.leaseHolder(of: id.rawValue) { [weak self] in self?.hop(.holder(id, $0)) }
            } catch {
                checkHolder(of: id, after: store.leaseTTL)
            }
        }
    }

    private func holder(_ id: SessionID, _ result: Result<String?, RedisCoordinationError>) {
        guard host.registry[id] != nil else { return }
        guard case .success(let holder) = result, holder == nil else {
            followed[id]?.unheldChecks = 0
            return checkHolder(of: id, after: store.leaseTTL)
        }
        // Twice in a row, a lease's time apart: a process taking it over after its holder died
        // (within a quarter of a second of the lease lapsing) is never raced.
        followed[id]?.unheldChecks += 1
        guard followed[id]?.unheldChecks ?? 0 >= 2 else { return checkHolder(of: id, after: store.leaseTTL) }
        // Taken without asking a holder to hand it over: if another process took it meanwhile,
        // the copy stays and follows it.
        ownership.hold(id.rawValue, wanting: false) { [weak self] outcome in
            guard let self, followed[id] != nil else { return }
            switch outcome {
            case .held:
                logger.info("a relayed session nobody held is taken here", ["session": id.redacted])
                forget(id)
            case .unknown:
                // Gone from Redis without an `end` (its keys lapsed, nobody holding them).
                answer(followed[id]?.waiters ?? [], .unknown)
                forget(id, ended: Application.unknownSession)
            case .heldElsewhere, .unavailable:
                checkHolder(of: id, after: store.leaseTTL)
            }
        }
    }

    /// Applies what the feed hands on to the copy, in order, then does what it asks.
    private func advance(_ id: SessionID, _ step: RevisionFeed<StreamedChange>.Step?) {
        guard let step else { return }
        for change in step.apply {
            do {
                let record = try ChangeRecord(revision: Int(change.revision), at: change.at, body: change.payload)
                try host.follow(record, in: id)
            } catch {
                logger.error("a relay's copy does not follow", ["session": id.redacted, "problem": error.description])
                return rebuild(id)
            }
        }
        switch step.request {
        case .catchUp: load(id)
        case .rebuild: rebuild(id)
        case nil: break
        }
    }

    /// Drops a copy that cannot be caught up: its viewers are closed with 4503 and reconnect to
    /// a copy built afresh.
    private func rebuild(_ id: SessionID) {
        logger.warning("a relay's copy is built again", ["session": id.redacted])
        forget(id)
    }

    private func fail(_ id: SessionID, _ outcome: SessionOwnership.Outcome) {
        answer(followed[id]?.waiters ?? [], outcome)
        forget(id)
    }

    private func forget(_ id: SessionID, ended: ProtocolError? = nil) {
        followed[id] = nil
        store.subscriber.unfollow(id.rawValue)
        host.dropCopy(id, ended: ended)
    }

    // MARK: The audience here, told to each holder

    /// How often each holder is told; a report counts for three of these, so one lost report
    /// (Redis unreachable a moment) changes nothing.
    private var audienceInterval: Duration { store.leaseTTL / 3 }

    private func reportAudienceLater() {
        guard !reporting else { return }
        reporting = true
        _ = serviceThread.schedule(after: audienceInterval) { [weak self] in self?.reportAudience() }
    }

    /// Tells the holder of every followed session how many viewers it has here (0 once for one
    /// that has none any more, or is followed no more), then again an interval later while any
    /// session is followed or counted.
    private func reportAudience() {
        reporting = false
        var viewers: [SessionID: Int] = [:]
        // Viewers who said hello: a connection still to join is nobody the holder counts yet.
        for id in followed.keys { viewers[id] = host.registry.read(id) { $0.joinedViewers } ?? 0 }
        for report in reports.due(viewers) {
            try? store.coordinator.reportAudience(
                of: report.session.rawValue, viewers: report.viewers, for: audienceInterval * 3)
        }
        if !followed.isEmpty || reports.hasReported { reportAudienceLater() }
    }
}
