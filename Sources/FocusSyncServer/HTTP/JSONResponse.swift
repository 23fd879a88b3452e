import FocusProtocol
import WebSocketTransport

/// JSON responses, written by the same encoder as the WebSocket messages, including the error
/// shape every route shares: `{"error":{"code":"not_found","message":"…"}}`.
enum JSONResponse {
    /// `body` encoded as JSON with `status`.
    static func make(status: Int, _ body: some Encodable) -> HTTPResponse {
        // Encoding our own Encodable types cannot fail; an empty object is the safe fallback.
        make(status: status, json: (try? StreamingJSONEncoder().encode(body)) ?? Array("{}".utf8))
    }

    /// A response whose body is already-encoded JSON.
    static func make(status: Int, json: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                (name: "Content-Type", value: "application/json; charset=utf-8"),
                (name: "Cache-Control", value: "no-store"),
            ],
            body: json
        )
    }

    /// The shared error shape, with the status the error's code carries.
    static func error(_ error: ProtocolError) -> HTTPResponse {
        make(status: error.code.httpStatus, json: error.httpBody())
    }

    /// `405` with the `Allow` header listing the methods the path does take.
    static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> HTTPResponse {
        var response = error(
            ProtocolError(
                .methodNotAllowed, "\(method) is not allowed on \(path); use \(allowed.joined(separator: " or "))."))
        response.headers.append((name: "Allow", value: allowed.joined(separator: ", ")))
        return response
    }
}
