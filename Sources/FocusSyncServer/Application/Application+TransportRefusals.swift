import FocusProtocol
import WebSocketTransport

extension Application {
    /// Requests the transport refuses itself get the same JSON error shape and security headers
    /// as every route: `{"error":{"code":…,"message":…}}`.
    func response(to refusal: TransportRefusal, for request: HTTPRequest?) -> HTTPResponse {
        var response = JSONResponse.error(ProtocolError(Self.code(for: refusal), refusal.message))
        if case .methodNotAllowed(_, let allowed) = refusal {
            response.headers.append((name: "Allow", value: allowed.joined(separator: ", ")))
        }
        SecurityHeaders.apply(to: &response, host: request?.header("host"))
        return response
    }

    /// The wire code of each refusal; its HTTP status is the code's own (``ErrorCode/httpStatus``).
    static func code(for refusal: TransportRefusal) -> ErrorCode {
        switch refusal {
        case .badPath: .badPath
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .lengthRequired: .lengthRequired
        case .bodyTooLarge: .bodyTooLarge
        case .badRequest: .badRequest
        case .missingSubprotocol: .missingSubprotocol
        case .forbiddenOrigin: .forbiddenOrigin
        case .shuttingDown: .shuttingDown
        }
    }
}
