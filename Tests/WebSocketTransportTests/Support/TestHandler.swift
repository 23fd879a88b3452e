import Foundation
import Locking

@testable import WebSocketTransport

/// A server handler for tests: echoes text, answers HTTP from a table, and records what happened.
///
/// `@unchecked Sendable`: the handler methods run on the service thread; the record is locked.
final class TestHandler: WebSocketServerHandler, @unchecked Sendable {
    struct Record {
        var opened: [HTTPRequest] = []
        var received: [String] = []
        var closeCodes: [UInt64: CloseCode?] = [:]
        var overflows = 0
        var maxQueuedBytes = 0
        var httpRequests: [HTTPRequest] = []
        var callbackThreads: Set<String> = []
    }

    let record = Locked(Record())
    /// Origins `shouldAccept` refuses with 403.
    var forbiddenOrigins: Set<String> = []
    /// Answers HTTP requests; the default echoes what arrived.
    var respond: @Sendable (HTTPRequest) -> HTTPResponse = { request in
        HTTPResponse(
            status: 200,
            headers: [("Content-Type", "text/plain"), ("X-Path", request.path), ("X-Query", request.query)],
            body: request.body.isEmpty ? Array("\(request.method) \(request.path)".utf8) : request.body)
    }
    /// How long to wait before answering a request (with ``respond``) through its
    /// ``HTTPResponder``; nil answers at once.
    var answerAfter: @Sendable (HTTPRequest) -> Duration? = { _ in nil }
    /// The server, for answering later on its service thread.
    weak var server: WebSocketServer?
    /// Runs for every message; returning false suppresses the echo.
    var onText: (WebSocketConnection, String) -> Bool = { _, _ in true }
    /// Runs when a connection opens.
    var onOpen: (WebSocketConnection) -> Void = { _ in }

    var snapshot: Record { record.withLock { $0 } }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        record.withLock { $0.httpRequests.append(request) }
        return respond(request)
    }

    func respond(to request: HTTPRequest, responder: HTTPResponder) -> HTTPResponse? {
        guard let delay = answerAfter(request) else { return respond(to: request) }
        let (seconds, attoseconds) = delay.components
        let answer = respond(to: request)
        let server = UncheckedBox(server)
        let responder = UncheckedBox(responder)
        DispatchQueue.global().asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) * 1e-18) {
            server.value?.execute { responder.value.respond(answer) }
        }
        return nil
    }

    func shouldAccept(_ request: HTTPRequest) -> UpgradeDecision {
        if let origin = request.header("origin"), forbiddenOrigins.contains(origin) {
            return .reject(response(to: .forbiddenOrigin, for: request))
        }
        return .accept
    }

    /// Names the refusal in a header and the body, so tests can tell the handler worded it.
    func response(to refusal: TransportRefusal, for request: HTTPRequest?) -> HTTPResponse {
        let name = "\(refusal)".prefix { $0.isLetter }
        return HTTPResponse(status: refusal.status, headers: [("X-Refusal", String(name))], body: Array("refused: \(name)".utf8))
    }

    func connectionDidOpen(_ connection: WebSocketConnection) {
        record.withLock {
            $0.opened.append(connection.request)
            $0.callbackThreads.insert(Self.threadName)
        }
        onOpen(connection)
    }

    func connection(_ connection: WebSocketConnection, didReceiveText text: [UInt8]) {
        let string = String(decoding: text, as: UTF8.self)
        record.withLock { $0.received.append(string) }
        if onText(connection, string) {
            connection.send(OutboundMessage(utf8: text))
        }
    }

    func connection(_ connection: WebSocketConnection, didReceiveBinary bytes: [UInt8]) {
        connection.send(OutboundMessage(binary: bytes))
    }

    func connection(_ connection: WebSocketConnection, didOverflowWith message: OutboundMessage) {
        record.withLock { $0.overflows += 1 }
        defaultOverflow(connection, message)
    }

    /// The protocol extension's behaviour, which the test exercises.
    private func defaultOverflow(_ connection: WebSocketConnection, _ message: OutboundMessage) {
        DefaultOverflowHandler.shared.connection(connection, didOverflowWith: message)
    }

    func connectionDidClose(_ connection: WebSocketConnection, code: CloseCode?) {
        record.withLock { $0.closeCodes[connection.id] = code }
    }

    static var threadName: String { Thread.current.name ?? "unnamed" }
}

/// Carries a value that is only used on the service thread across the hop to it.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A handler that implements nothing optional, to reach the protocol's default overflow policy.
private final class DefaultOverflowHandler: WebSocketServerHandler, @unchecked Sendable {
    static let shared = DefaultOverflowHandler()
    func respond(to request: HTTPRequest) -> HTTPResponse { HTTPResponse(status: 404) }
    func shouldAccept(_ request: HTTPRequest) -> UpgradeDecision { .accept }
    func connectionDidOpen(_ connection: WebSocketConnection) {}
    func connection(_ connection: WebSocketConnection, didReceiveText text: [UInt8]) {}
    func connectionDidClose(_ connection: WebSocketConnection, code: CloseCode?) {}
}
