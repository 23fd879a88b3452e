import FocusCore
import FocusProtocol
import Foundation
import Sessions
import WebSocketTransport

/// The FocusSync side of the transport: routes HTTP requests, admits WebSockets to sessions, and
/// hands their messages to the session host. It lives on the transport's service thread; see
/// ``WebSocketServerHandler``.
final class Application: WebSocketServerHandler, @unchecked Sendable {
    // @unchecked: every mutable property is touched only on the transport's service thread.
    private var router = Router()
    private let files: StaticFileStore
    private let hostPolicy: HostPolicy
    private let originPolicy: OriginPolicy
    let logger: Logger
    let limits: SessionLimits
    /// How often idle sessions are looked for.
    private let expirySweepSeconds: Double
    private let startedAt = HostClock.monotonicSeconds()
    let sessions: SessionHost
    /// The transport's service thread: timers, and the hop back from other threads.
    let serviceThread: ServiceThread
    private let persistence: (any SessionPersistence)?
    /// This process's name: `/healthz` and `GET /api/sessions/{id}` say it.
    private let nodeID: String
    /// With Redis: which sessions this process holds (docs/SCALING.md).
    let ownership: SessionOwnership?
    /// With Redis: the viewers of sessions this process does not hold.
    let relay: AudienceRelay?
    /// What a session created without a source runs: the seed screens (``SeedProgram``).
    let seeds: CompiledSource

    init(
        options: ServerOptions, files: StaticFileStore, seedSource: String, store: SessionStore, serviceThread: ServiceThread,
        clock: SessionClock, logger: Logger
    ) {
        self.files = files
        self.serviceThread = serviceThread
        self.logger = logger
        self.limits = options.sessions
        expirySweepSeconds = options.expirySweepSeconds ?? min(60, max(0.5, options.sessions.idleTTLSeconds / 2))
        self.hostPolicy = HostPolicy(options: options, machineName: ProcessInfo.processInfo.hostName)
        self.originPolicy = OriginPolicy(allowedOrigins: Set(options.allowedOrigins))
        persistence = store.persistence
        nodeID = options.nodeID ?? options.defaultNodeID
        let compiler = SourceCompilerCache(options: options, logger: logger)
        seeds = compiler.compileShipped(seedSource)
        let sessions = SessionHost(
            limits: options.sessions, persistence: store.persistence, compiler: compiler, serviceThread: serviceThread,
            clock: clock, logger: logger)
        self.sessions = sessions
        if case .redis(let redis) = store {
            let owning = SessionOwnership(store: redis, host: sessions, serviceThread: serviceThread, logger: logger)
            ownership = owning
            let copies = SessionHost(
                limits: options.sessions, persistence: nil, compiler: compiler, serviceThread: serviceThread, clock: clock,
                logger: logger)
            relay = AudienceRelay(
                store: redis, host: copies, ownership: owning, serviceThread: serviceThread, logger: logger)
            sessions.shareLive = { id, share in redis.shareLive(share, of: id) }
        } else {
            (ownership, relay) = (nil, nil)
        }
        router.add("GET", "/healthz") { [unowned self] _, _ in JSONResponse.make(status: 200, health()) }
        router.add("POST", "/api/sessions") { [unowned self] request, _ in createSession(for: request) }
        router.add("GET", "/api/sessions/{id}") { [unowned self] _, parameters in readSession(parameters["id"] ?? "") }
        router.add("GET", "/api/lessons") { _, _ in Application.lessons }
        router.add("POST", "/api/sessions/{id}/forks") { [unowned self] request, parameters in
            createFork(of: parameters["id"] ?? "", for: request)
        }
        router.add("GET", "/api/sessions/{id}/forks") { [unowned self] _, parameters in listForks(of: parameters["id"] ?? "") }
    }

    /// Rebuilds the stored sessions. Call before the transport starts.
    func restoreSessions() throws(PersistenceError) {
        let started = HostClock.monotonicSeconds()
        let count = try sessions.restore()
        let seconds = String(format: "%.3f", HostClock.monotonicSeconds() - started)
        if persistence != nil, ownership == nil {
            logger.info("sessions restored", ["sessions": String(count), "seconds": seconds])
        }
    }

    /// Resumes the restored sessions' timers and starts the periodic sweeps: idle sessions, and
    /// sessions a failed commit left not durable. Call on the service thread once it runs.
    func startServing() {
        sessions.resumeRestoredSessions()
        sweep(every: expirySweepSeconds) { $0.sessions.expireIdle() }
        if persistence != nil {
            sweep(every: Application.durabilityRetrySeconds) { $0.sessions.retryNotDurable() }
        }
    }

    /// How often sessions a failed commit left not durable are stored again.
    static let durabilityRetrySeconds = 5.0

    private func sweep(every seconds: Double, _ work: @escaping (Application) -> Void) {
        serviceThread.schedule(after: .milliseconds(Int(seconds * 1000))) { [weak self] in
            guard let self else { return }
            work(self)
            sweep(every: seconds, work)
        }
    }

    /// The store reported commits: `take` hands over every report waiting by then, in order.
    /// Applied at once when the service thread committed them itself, otherwise after a hop to it.
    func storageCommitted(_ take: @escaping @Sendable () -> [CommitReport]) {
        guard serviceThread.isCurrent else {
            serviceThread.execute { [weak self] in self?.storageCommitted(take) }
            return
        }
        for report in take() { sessions.committed(through: report.through, failure: report.failure) }
    }

    /// Redis reported something (on the coordinator's or subscriber's thread). Hops to the
    /// service thread, where `take` hands over every event waiting by then, in order.
    func clusterEvents(_ take: @escaping @Sendable () -> [ClusterEvent]) {
        serviceThread.execute { [weak self] in
            for event in take() {
                switch event {
                case .following, .published, .live, .ended: self?.relay?.handle(event)
                case .committed, .refused, .leaseLost, .handoffRequested, .audience, .health: self?.ownership?.handle(event)
                }
            }
        }
    }

    /// Stores every session's snapshot; at shutdown, on the service thread.
    func storeSnapshots() {
        sessions.storeSnapshots()
    }

    // MARK: HTTP

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if let misdirected = misdirected(request) {
            return misdirected
        } else if let routed = router.response(for: request) {
            return finished(routed, for: request)
        } else if request.path == "/api" || request.path.hasPrefix("/api/") {
            return finished(
                JSONResponse.error(ProtocolError(.notFound, "There is no API route at \(request.path).")), for: request)
        }
        return finished(files.response(for: request), for: request)
    }

    /// With Redis, a session this process does not hold is taken before the request is
    /// answered, and a new one is stored before its id is given out (docs/SCALING.md).
    func respond(to request: HTTPRequest, responder: HTTPResponder) -> HTTPResponse? {
        if hostPolicy.allows(request), takeSourceRequest(request, responder: responder) { return nil }
        guard let ownership, hostPolicy.allows(request) else { return respond(to: request) }
        if request.method == "POST", request.path == "/api/sessions" {
            ownership.create(by: request.peer, source: seeds) { [weak self] result in
                guard let self else { return }
                responder.respond(finished(created(result, by: request.peer), for: request))
            }
            return nil
        }
        let path = request.path.split(separator: "/")
        guard request.method == "GET" || request.method == "HEAD", path.count == 3, path[0] == "api", path[1] == "sessions",
            sessions.registry.lookup(String(path[2])) == nil
        else { return respond(to: request) }
        ownership.hold(String(path[2])) { [weak self] outcome in
            guard let self else { return }
            if case .unavailable(let reason) = outcome {
                responder.respond(finished(JSONResponse.error(ProtocolError(.sessionUnavailable, reason)), for: request))
            } else {
                responder.respond(respond(to: request))
            }
        }
        return nil
    }

    /// `421` `unknown_host` when `request` calls this server by a name it does not answer to
    /// (``HostPolicy``); its security headers name no host.
    private func misdirected(_ request: HTTPRequest) -> HTTPResponse? {
        guard !hostPolicy.allows(request) else { return nil }
        logger.warning(
            "request refused: unknown host", ["host": request.header("host") ?? "", "path": request.path, "peer": request.peer])
        var response = JSONResponse.error(Application.unknownHost)
        SecurityHeaders.apply(to: &response, host: nil)
        return response
    }

    private static let unknownHost = ProtocolError(
        .unknownHost,
        """
        This server does not answer to the name in the Host header; open it by its address, by localhost, \
        or by a name it was started with --allow-host for.
        """)

    func finished(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        var response = response
        SecurityHeaders.apply(to: &response, host: request.header("host"))
        logger.debug(
            "http", ["method": request.method, "path": request.path, "status": String(response.status), "peer": request.peer])
        return response
    }

    struct Health: Encodable {
        /// `ok`, or `degraded` while the store fails, a session is not durable, or the process is
        /// out of descriptors.
        var status: String
        /// This process's node id (`--node-id`).
        var node: String
        var version = CommandLineInterface.version
        var uptimeSeconds: Double
        var connections: Int
        var sessions: Int
        /// With Redis: copies of sessions held elsewhere kept for viewers here (``AudienceRelay``).
        var relayCopies: Int
        /// The longest outbound queue of any connection: stays bounded however slow a client is.
        var largestQueueBytes: Int
        var storage: PersistenceHealth
        /// Sessions with changes the store failed to keep, until a snapshot of them is stored.
        var notDurableSessions: Int
        /// True while accepting pauses because the process has no descriptor left (new
        /// connections wait in the kernel's backlog); only a connection already open can ask.
        var outOfDescriptors: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: HealthField.self)
            try container.encode(status, forKey: .status)
            try container.encode(node, forKey: .node)
            try container.encode(version, forKey: .version)
            try container.encode(uptimeSeconds, forKey: .uptimeSeconds)
            try container.encode(connections, forKey: .connections)
            try container.encode(sessions, forKey: .sessions)
            try container.encode(relayCopies, forKey: .relayCopies)
            try container.encode(largestQueueBytes, forKey: .largestQueueBytes)
            try container.encode(storage, forKey: .storage)
            try container.encode(notDurableSessions, forKey: .notDurableSessions)
            try container.encode(outOfDescriptors, forKey: .outOfDescriptors)
        }
    }

    private func health() -> Health {
        let storage = persistence?.health ?? PersistenceHealth(kind: "memory", location: nil, healthy: true, error: nil)
        let notDurable = sessions.notDurable.count
        let outOfDescriptors = serviceThread.isOutOfDescriptors
        return Health(
            status: storage.healthy && notDurable == 0 && !outOfDescriptors ? "ok" : "degraded", node: nodeID,
            uptimeSeconds: ((HostClock.monotonicSeconds() - startedAt) * 10).rounded() / 10,
            connections: serviceThread.connectionCount, sessions: sessions.registry.count,
            relayCopies: relay?.host.registry.count ?? 0,
            largestQueueBytes: sessions.largestQueuedBytes, storage: storage, notDurableSessions: notDurable,
            outOfDescriptors: outOfDescriptors)
    }

    private func createSession(for request: HTTPRequest) -> HTTPResponse {
        created(
            Result { () throws(ProtocolError) in
                let session = try sessions.create(by: request.peer, source: seeds)
                return session.durableState()
            }, by: request.peer)
    }

    func created(_ result: Result<DurableSession, ProtocolError>, by peer: String) -> HTTPResponse {
        switch result {
        case .success(let session):
            logger.info("session created", ["session": SessionID(session.id)?.redacted ?? "?", "peer": peer])
            return JSONResponse.make(status: 201, CreatedSession(id: session.id, viewer: session.viewer))
        case .failure(let error):
            logger.warning("session refused", ["reason": error.message, "peer": peer])
            return JSONResponse.error(error)
        }
    }

    private func readSession(_ capability: String) -> HTTPResponse {
        guard let (id, role) = sessions.registry.lookup(capability), let session = sessions.registry[id] else {
            return JSONResponse.error(Application.unknownSession)
        }
        return JSONResponse.make(
            status: 200,
            SessionBody(id: capability, role: role, revision: session.revision, state: session.sessionSnapshot(), node: nodeID))
    }

    /// `GET /api/lessons`: every lesson, as data (the same for every session, so encoded once).
    private static let lessons = JSONResponse.make(status: 200, LessonList(lessons: SessionConfiguration().lessons.lessons))

    struct LessonList: Encodable {
        var lessons: [Lesson]
    }

    static let unknownSession = ProtocolError(
        .unknownSession, "There is no session with that id; it may have expired. Open / to start a new one.")

    // MARK: WebSockets

    func shouldAccept(_ request: HTTPRequest) -> UpgradeDecision {
        if let misdirected = misdirected(request) {
            return .reject(misdirected)
        }
        guard originPolicy.allows(request) else {
            logger.warning("websocket refused: foreign origin", ["origin": request.header("origin") ?? "", "peer": request.peer])
            return .reject(response(to: .forbiddenOrigin, for: request))
        }
        return .accept
    }

    func connection(_ connection: WebSocketConnection, didReceiveText text: [UInt8]) {
        guard case .admitted(let context) = connection.admission else {
            if case .waiting(let waiting) = connection.admission, !waiting.keep(text) {
                connection.admission = nil
                connection.close(code: .policyViolation, reason: "too many messages before the session was ready")
            }
            return
        }
        switch context.admit(now: HostClock.monotonicSeconds()) {
        case .allowed:
            break
        case .limited:
            send(
                ProtocolError(
                    .rateLimited,
                    "Too many messages: at most \(limits.messagesPerSecond) a second; this one was not applied, send it again.",
                    seq: ClientMessage.seq(in: text)), on: connection)
            return
        case .flooding:
            logger.warning("websocket closed: flooding", ["conn.id": String(connection.id)])
            context.host.deliver { connection.close(code: .policyViolation, reason: "sustained flooding past the rate limit") }
            return
        }
        do throws(ProtocolError) {
            let message = try ClientMessage.decode(text)
            if case .history = message, !context.admitHistory(now: HostClock.monotonicSeconds()) {
                throw ProtocolError(
                    .rateLimited,
                    """
                    Too many history requests: at most \(ConnectionContext.historyPerSecond) a second; \
                    ask again for the revision you want.
                    """)
            }
            context.host.handle(.received(message, from: context.connection), in: context.session)
        } catch {
            logger.debug("message refused", ["conn.id": String(connection.id), "code": error.code.rawValue])
            send(error, on: connection)
        }
    }

    func connection(_ connection: WebSocketConnection, didOverflowWith message: OutboundMessage) {
        guard case .admitted(let context) = connection.admission else {
            connection.close(code: .policyViolation, reason: "client is not reading its messages", flush: false)
            return
        }
        context.host.handle(.fellBehind(context.connection), in: context.session)
    }

    func connectionDidDrain(_ connection: WebSocketConnection) {
        guard case .admitted(let context) = connection.admission else { return }
        context.host.handle(.caughtUp(context.connection), in: context.session)
    }

    func connectionDidClose(_ connection: WebSocketConnection, code: CloseCode?) {
        if case .admitted(let context) = connection.takeAdmission() {
            context.host.closed(context)
            if context.host !== sessions { relay?.closed(in: context.session) }
        }
        logger.info("websocket closed", ["conn.id": String(connection.id), "code": code.map(\.description) ?? "none"])
    }

    /// Sends an error in order with what the sessions send (after the changes before it are stored).
    private func send(_ error: ProtocolError, on connection: WebSocketConnection) {
        let message = OutboundMessage(utf8: ServerMessage.error(error).encoded())
        sessions.deliver { connection.send(message) }
    }

    func refuse(_ connection: WebSocketConnection, _ error: ProtocolError) {
        send(error, on: connection)
        let code = CloseCode(rawValue: (error.code.closeCode ?? .policyViolation).rawValue)
        sessions.deliver { connection.close(code: code, reason: error.code.rawValue) }
    }

    static func sessionParameter(in query: String) -> String? {
        for pair in query.split(separator: "&") where pair.hasPrefix("session=") {
            return String(pair.dropFirst("session=".count))
        }
        return nil
    }
}
