import WebSocketTransport

extension Application {
    /// Requests the transport refuses itself get the same JSON error shape and security headers
    /// as every route: `{"error":{"code":…,"message":…}}`.
    func response(to refusal: TransportRefusal, for request: HTTPRequest?) -> HTTPResponse {
        var response = JSONResponse.error(status: refusal.status, code: Self.code(for: refusal), message: refusal.message)
        if case .methodNotAllowed(_, let allowed) = refusal {
            response.headers.append((name: "Allow", value: allowed.joined(separator: ", ")))
        }
        SecurityHeaders.apply(to: &response, host: request?.header("host"))
        return response
    }

    private static func code(for refusal: TransportRefusal) -> String {
        switch refusal {
        case .badPath: "bad_path"
        case .notFound: "not_found"
        case .methodNotAllowed: "method_not_allowed"
        case .lengthRequired: "length_required"
        case .bodyTooLarge: "body_too_large"
        case .badRequest: "bad_request"
        case .missingSubprotocol: "missing_subprotocol"
        case .forbiddenOrigin: "forbidden_origin"
        case .shuttingDown: "shutting_down"
        }
    }
}
