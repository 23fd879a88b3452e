import Dispatch
import Foundation
import WebSocketTransport

/// The FocusSync side of the transport: routes HTTP requests, admits WebSockets to sessions, and
/// hands their messages to the sessions. It lives on the transport's service thread; see
/// ``WebSocketServerHandler``.
final class Application: WebSocketServerHandler, @unchecked Sendable {
    // @unchecked: every mutable property is touched only on the transport's service thread.
    private var router = Router()
    private let files: StaticFileStore
    private let originPolicy: OriginPolicy
    private let logger: Logger
    private let limits: SessionLimits
    private let startedAt = Date()
    /// Sessions each peer address may create: 5 a second, bursts of 200.
    private var sessionCreation = PeerRateLimit(rate: 5, burst: 200)
    private lazy var sessions = SessionStore(limits: limits) { [weak self] delay, work in
        self?.transport?.schedule(after: delay, work)
    }
    /// Set once, before the transport starts.
    weak var transport: WebSocketServer?

    init(options: ServerOptions, files: StaticFileStore, logger: Logger) {
        self.files = files
        self.logger = logger
        self.limits = options.sessions
        self.originPolicy = OriginPolicy(allowedOrigins: Set(options.allowedOrigins))
        router.add("GET", "/healthz") { [unowned self] _, _ in JSONResponse.make(status: 200, health()) }
        router.add("POST", "/api/sessions") { [unowned self] request, _ in createSession(for: request) }
        router.add("GET", "/api/sessions/{id}") { [unowned self] _, parameters in readSession(parameters["id"] ?? "") }
    }

    /// Monotonic seconds, for rate limits and session expiry.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Starts the periodic sweep of idle sessions. Call on the service thread.
    func startExpiringSessions() {
        let interval = min(60, max(0.5, limits.idleTTLSeconds / 2))
        transport?.schedule(after: .milliseconds(Int(interval * 1000))) { [weak self] in
            self?.sessions.expireIdle(now: Application.now())
            self?.startExpiringSessions()
        }
    }

    // MARK: HTTP

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        if let routed = router.response(for: request) {
            response = routed
        } else if request.path == "/api" || request.path.hasPrefix("/api/") {
            response = JSONResponse.error(status: 404, code: "not_found", message: "There is no API route at \(request.path).")
        } else {
            response = files.response(for: request)
        }
        SecurityHeaders.apply(to: &response, host: request.header("host"))
        logger.debug("http", ["method": request.method, "path": request.path, "status": String(response.status), "peer": request.peer])
        return response
    }

    struct Health: Encodable {
        var status = "ok"
        var version = CommandLineInterface.version
        var uptimeSeconds: Double
        var connections: Int
        var sessions: Int
        /// The longest outbound queue of any joined client: stays bounded however slow a client is.
        var largestQueueBytes: Int
    }

    private func health() -> Health {
        Health(
            uptimeSeconds: (Date().timeIntervalSince(startedAt) * 10).rounded() / 10,
            connections: transport?.connectionCount ?? 0, sessions: sessions.count,
            largestQueueBytes: sessions.largestQueuedBytes)
    }

    struct CreatedSession: Encodable { var id: String }

    struct SessionState: Encodable {
        var id: String
        var revision: Int
        var state: ServerMessage.SessionPayload
    }

    private func createSession(for request: HTTPRequest) -> HTTPResponse {
        do {
            try sessionCreation.admit(request.peer, now: Application.now())
            let session = try sessions.create(now: Application.now())
            logger.info("session created", ["session": session.id.redacted, "peer": request.peer])
            return JSONResponse.make(status: 201, CreatedSession(id: session.id.rawValue))
        } catch {
            logger.warning("session refused", ["reason": error.message, "peer": request.peer])
            return Application.errorResponse(error)
        }
    }

    private func readSession(_ id: String) -> HTTPResponse {
        guard let session = sessions.session(id) else {
            return Application.errorResponse(Application.unknownSession)
        }
        return JSONResponse.make(
            status: 200, SessionState(id: session.id.rawValue, revision: session.revision, state: session.payload))
    }

    private static func errorResponse(_ error: ProtocolError) -> HTTPResponse {
        JSONResponse.error(status: error.httpStatus, code: error.code.rawValue, message: error.message)
    }

    private static let unknownSession = ProtocolError(
        .unknownSession, "There is no session with that id; it may have expired. Open / to start a new one.")

    // MARK: WebSockets

    func shouldAccept(_ request: HTTPRequest) -> UpgradeDecision {
        guard originPolicy.allows(request) else {
            logger.warning("websocket refused: foreign origin", ["origin": request.header("origin") ?? "", "peer": request.peer])
            return .reject(response(to: .forbiddenOrigin, for: request))
        }
        return .accept
    }

    func connectionDidOpen(_ connection: WebSocketConnection) {
        let session = Application.sessionParameter(in: connection.request.query).flatMap(sessions.session)
        logger.info(
            "websocket open",
            ["conn.id": String(connection.id), "peer": connection.request.peer, "session": session?.id.redacted ?? "none"])
        guard let session else {
            refuse(connection, Application.unknownSession)
            return
        }
        guard session.connectionCount < limits.maxClientsPerSession else {
            refuse(connection, ProtocolError(
                .sessionFull, "This session already has \(limits.maxClientsPerSession) clients, its limit."))
            return
        }
        session.open(connection)
        connection.context = ConnectionContext(session: session, messagesPerSecond: limits.messagesPerSecond, now: Application.now())
        // A connection that never says hello would hold a place in the session for ever.
        transport?.schedule(after: Application.helloDeadline) { [weak self, weak connection] in
            guard let self, let connection, let context = connection.context as? ConnectionContext, context.identity == nil else { return }
            refuse(connection, ProtocolError(.notHelloFirst, "No hello within \(Application.helloDeadline); say hello right after connecting."),
                   closeCode: .policyViolation)
        }
    }

    static let helloDeadline = Duration.seconds(10)

    func connection(_ connection: WebSocketConnection, didReceiveText text: [UInt8]) {
        guard let context = connection.context as? ConnectionContext else { return }
        switch context.admit(now: Application.now()) {
        case .allowed:
            break
        case .limited:
            connection.send(ServerMessage.error(ProtocolError(
                .rateLimited, "Too many messages: at most \(limits.messagesPerSecond) a second; this one was not applied, send it again with a new seq.",
                seq: ClientMessage.seqIfPresent(in: text))))
            return
        case .flooding:
            logger.warning("websocket closed: flooding", ["conn.id": String(connection.id)])
            connection.close(code: .policyViolation, reason: "sustained flooding past the rate limit")
            return
        }
        do {
            try handle(ClientMessage.decode(text), on: connection, context: context)
        } catch {
            logger.debug("message refused", ["conn.id": String(connection.id), "code": error.code.rawValue])
            connection.send(ServerMessage.error(error))
        }
    }

    private func handle(_ message: ClientMessage, on connection: WebSocketConnection, context: ConnectionContext) throws(ProtocolError) {
        switch message {
        case .ping:
            connection.send(ServerMessage.pong)
        case .hello(let clientId, let name):
            try context.session.hello(connection, context: context, clientId: clientId, name: name)
        case .intent(let intent):
            guard let identity = context.identity else {
                throw ProtocolError(.notHelloFirst, "Say hello first: {\"type\":\"hello\",\"clientId\":\"…\"}.", seq: intent.seq)
            }
            try context.session.handle(intent, from: connection, by: identity)
        }
    }

    func connection(_ connection: WebSocketConnection, didOverflowWith message: OutboundMessage) {
        guard let context = connection.context as? ConnectionContext, let identity = context.identity else {
            connection.close(code: .policyViolation, reason: "client is not reading its messages", flush: false)
            return
        }
        // Coalesce: the backlog is replaced by one snapshot that holds everything it said.
        connection.replaceQueue(with: context.session.snapshotMessage(for: identity))
    }

    func connectionDidClose(_ connection: WebSocketConnection, code: CloseCode?) {
        if let context = connection.context as? ConnectionContext {
            context.session.leave(connection, now: Application.now())
        }
        connection.context = nil
        logger.info("websocket closed", ["conn.id": String(connection.id), "code": code.map(\.description) ?? "none"])
    }

    private func refuse(_ connection: WebSocketConnection, _ error: ProtocolError, closeCode: CloseCode? = nil) {
        connection.send(ServerMessage.error(error))
        connection.close(code: closeCode ?? error.closeCode ?? .policyViolation, reason: error.code.rawValue)
    }

    static func sessionParameter(in query: String) -> String? {
        for pair in query.split(separator: "&") where pair.hasPrefix("session=") {
            return String(pair.dropFirst("session=".count))
        }
        return nil
    }
}
