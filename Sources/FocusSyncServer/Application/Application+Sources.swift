import FocusCore
import FocusProtocol
import Sessions
import WebSocketTransport

/// The routes that take a SwiftUI source: `POST /api/sessions` with `{"source": …}` and
/// `PUT /api/sessions/{id}/source`. The source is compiled on the compiler's thread, never the
/// service thread, and the request is answered once it is (docs/PROTOCOL.md, "Sources").
extension Application {
    /// The largest request body taken: a source at its limit (64 KiB) as a JSON string, every
    /// character escaped as `\uXXXX`, with room to spare.
    static let maxRequestBodyBytes = 6 * CompiledSource.maximumBytes + 1024

    /// Takes `request` if it carries a source, answering it through `responder` later; `false`
    /// when it is not such a request.
    func takeSourceRequest(_ request: HTTPRequest, responder: HTTPResponder) -> Bool {
        let path = request.path.split(separator: "/")
        if request.method == "POST", request.path == "/api/sessions", !request.body.isEmpty {
            guard let text = sourceText(of: request, required: false, responder: responder) else { return true }
            guard let text else { return false }
            compile(text, for: request, responder: responder, then: .create)
            return true
        }
        guard path.count == 4, path[0] == "api", path[1] == "sessions", path[3] == "source" else { return false }
        guard request.method == "PUT" else {
            let refusal = JSONResponse.methodNotAllowed(request.method, path: request.path, allowed: ["PUT"])
            responder.respond(finished(refusal, for: request))
            return true
        }
        let capability = String(path[2])
        guard let (_, role) = sessions.registry.lookup(capability) else {
            responder.respond(finished(JSONResponse.error(Application.unknownSession), for: request))
            return true
        }
        guard role == .editor else {
            let refusal = ProtocolError(.readOnly, "This is a viewer link: it shows the session's source but cannot change it.")
            responder.respond(finished(JSONResponse.error(refusal), for: request))
            return true
        }
        guard let found = sourceText(of: request, required: true, responder: responder), let text = found else { return true }
        compile(text, for: request, responder: responder, then: .replace(capability: capability))
        return true
    }

    /// The `source` member of the request's JSON body: `.some(nil)` when it has none and none is
    /// `required`; `nil` when the request was refused (answered already).
    private func sourceText(of request: HTTPRequest, required: Bool, responder: HTTPResponder) -> String?? {
        let refusal: ProtocolError
        do {
            guard case .object(let body) = try JSONParser.parse(request.body) else {
                throw JSONShapeRefusal()
            }
            switch body["source"] {
            case .string(let text): return .some(text)
            case nil where !required: return .some(nil)
            default:
                refusal = ProtocolError(.badRequest, "The body needs a 'source': the SwiftUI source as one JSON string.")
            }
        } catch is JSONShapeRefusal {
            refusal = ProtocolError(.badRequest, "The body must be a JSON object, like {\"source\": \"…\"}.")
        } catch {
            refusal = ProtocolError(.badJSON, "The body is not JSON: \(error).")
        }
        responder.respond(finished(JSONResponse.error(refusal), for: request))
        return nil
    }

    /// What a request with a source asks for once the source is compiled.
    private enum SourceRequest: Sendable {
        case create
        case replace(capability: String)
    }

    /// Compiles `text` on the compiler's thread and continues on the service thread, with a
    /// `422 bad_source` answered for a source that cannot run.
    private func compile(_ text: String, for request: HTTPRequest, responder: HTTPResponder, then next: SourceRequest) {
        let waiting = ServiceThreadBound(responder)
        sessions.compiler.compile(text) { [weak self, serviceThread] compiled in
            serviceThread.execute { [weak self] in self?.compiled(compiled, for: request, responder: waiting.value, then: next) }
        }
    }

    private func compiled(
        _ compiled: CompiledSource, for request: HTTPRequest, responder: HTTPResponder, then next: SourceRequest
    ) {
        guard compiled.program != nil else {
            responder.respond(finished(Application.badSource(compiled), for: request))
            return
        }
        switch next {
        case .create: createSession(running: compiled, for: request, responder: responder)
        case .replace(let capability): replaceSource(of: capability, with: compiled, for: request, responder: responder)
        }
    }

    private func createSession(running compiled: CompiledSource, for request: HTTPRequest, responder: HTTPResponder) {
        if let ownership {
            ownership.create(by: request.peer, source: compiled) { [weak self] result in
                guard let self else { return }
                responder.respond(finished(created(result, by: request.peer), for: request))
            }
            return
        }
        let result = Result { () throws(ProtocolError) in
            try sessions.create(by: request.peer, source: compiled).durableState()
        }
        responder.respond(finished(created(result, by: request.peer), for: request))
    }

    private func replaceSource(
        of capability: String, with compiled: CompiledSource, for request: HTTPRequest, responder: HTTPResponder
    ) {
        // The session may have expired, or moved to another node, while the source compiled.
        guard let (id, _) = sessions.registry.lookup(capability) else {
            responder.respond(finished(JSONResponse.error(Application.unknownSession), for: request))
            return
        }
        sessions.handle(.replaceSource(compiled.source), in: id)
        guard let session = sessions.registry[id] else {
            responder.respond(finished(JSONResponse.error(Application.unknownSession), for: request))
            return
        }
        let body = ReplacedSource(revision: session.revision, diagnostics: session.source.diagnostics)
        // In order with the update it made: a client that reads the answer has the update too.
        sessions.deliver { [weak self] in
            guard let self else { return }
            responder.respond(finished(JSONResponse.make(status: 200, body), for: request))
        }
    }

    /// `PUT /api/sessions/{id}/source`: the revision the new source runs from, and what reading
    /// it said.
    struct ReplacedSource: Encodable {
        var revision: Int
        var diagnostics: [SourceDiagnostic]
    }

    /// `422` `{"error":{"code":"bad_source","message":…,"diagnostics":[…]}}`.
    static func badSource(_ compiled: CompiledSource) -> HTTPResponse {
        let errors = compiled.diagnostics.filter { $0.severity == .error }
        let first = errors.first.map { " Line \($0.line), column \($0.column): \($0.message)" } ?? ""
        let message =
            "The source cannot run: \(errors.count) error\(errors.count == 1 ? "" : "s").\(first) The program that runs stays as it was."
        return JSONResponse.make(
            status: ErrorCode.badSource.httpStatus,
            SourceRefusal(error: .init(code: ErrorCode.badSource.rawValue, message: message, diagnostics: compiled.diagnostics)))
    }

    struct SourceRefusal: Encodable {
        struct Body: Encodable {
            var code: String
            var message: String
            var diagnostics: [SourceDiagnostic]
        }
        var error: Body
    }
}

/// A body that is JSON but not an object.
private struct JSONShapeRefusal: Error {}

/// A value made and used on the service thread, carried through another thread (the compiler's)
/// that only hands it back: it is never touched there.
final class ServiceThreadBound<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
