import Foundation
import WebSocketTransport

/// The FocusSync side of the transport: routes HTTP requests, admits WebSockets, and answers
/// their messages. It lives on the transport's service thread; see ``WebSocketServerHandler``.
final class Application: WebSocketServerHandler, @unchecked Sendable {
    // @unchecked: every mutable property is touched only on the transport's service thread.
    private let router: Router
    private let files: StaticFileStore
    private let originPolicy: OriginPolicy
    private let logger: Logger
    private let startedAt = Date()
    /// Set once, before the transport starts.
    weak var transport: WebSocketServer?

    init(options: ServerOptions, files: StaticFileStore, logger: Logger) {
        self.files = files
        self.logger = logger
        self.originPolicy = OriginPolicy(allowedOrigins: Set(options.allowedOrigins))
        self.router = Router()
    }

    // MARK: HTTP

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        if request.path == "/healthz" || request.path.hasPrefix("/healthz?") {
            response = request.method == "GET" || request.method == "HEAD"
                ? JSONResponse.make(status: 200, health())
                : JSONResponse.error(status: 405, code: "method_not_allowed", message: "Use GET on /healthz.")
        } else if let routed = router.response(for: request) {
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
    }

    private func health() -> Health {
        Health(uptimeSeconds: (Date().timeIntervalSince(startedAt) * 10).rounded() / 10, connections: transport?.connectionCount ?? 0)
    }

    // MARK: WebSockets

    func shouldAccept(_ request: HTTPRequest) -> UpgradeDecision {
        guard originPolicy.allows(request) else {
            logger.warning("websocket refused: foreign origin", ["origin": request.header("origin") ?? "", "peer": request.peer])
            return .reject(status: 403)
        }
        return .accept
    }

    func connectionDidOpen(_ connection: WebSocketConnection) {
        logger.info("websocket open", ["conn.id": String(connection.id), "peer": connection.request.peer])
    }

    func connection(_ connection: WebSocketConnection, didReceiveText text: [UInt8]) {
        if ClientMessageType.of(text) == "ping" {
            connection.send(Application.pong)
        }
    }

    func connectionDidClose(_ connection: WebSocketConnection, code: CloseCode?) {
        logger.info("websocket closed", ["conn.id": String(connection.id), "code": code.map(\.description) ?? "none"])
    }

    private static let pong = OutboundMessage(text: #"{"type":"pong"}"#)
}
