import Foundation
import WebSocketTransport

/// JSON responses, including the error shape every API route shares:
/// `{"error":{"code":"not_found","message":"…"}}`.
enum JSONResponse {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `body` encoded as JSON with `status`.
    static func make<Body: Encodable>(status: Int, _ body: Body) -> HTTPResponse {
        // Encoding our own Encodable types cannot fail; an empty object is the safe fallback.
        let bytes = (try? encoder.encode(body)).map { [UInt8]($0) } ?? Array("{}".utf8)
        return make(status: status, json: bytes)
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

    /// The shared error shape with `status`.
    static func error(status: Int, code: String, message: String) -> HTTPResponse {
        make(status: status, ErrorBody(error: .init(code: code, message: message)))
    }

    /// `405` with the `Allow` header listing the methods the path does take.
    static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> HTTPResponse {
        var response = error(
            status: 405, code: "method_not_allowed",
            message: "\(method) is not allowed on \(path); use \(allowed.joined(separator: " or "))."
        )
        response.headers.append((name: "Allow", value: allowed.joined(separator: ", ")))
        return response
    }

    struct ErrorBody: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
        }
        var error: Detail
    }
}
