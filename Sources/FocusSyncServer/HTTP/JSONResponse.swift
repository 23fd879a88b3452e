import Foundation
import WebSocketTransport

/// JSON responses, including the error shape every API route shares:
/// `{"error":{"code":"not_found","message":"…"}}`.
public enum JSONResponse {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    public static func make<Body: Encodable>(status: Int, _ body: Body) -> HTTPResponse {
        // Encoding our own Encodable types cannot fail; an empty object is the safe fallback.
        let bytes = (try? encoder.encode(body)).map { [UInt8]($0) } ?? Array("{}".utf8)
        return make(status: status, json: bytes)
    }

    /// A response whose body is already-encoded JSON.
    public static func make(status: Int, json: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                (name: "Content-Type", value: "application/json; charset=utf-8"),
                (name: "Cache-Control", value: "no-store"),
            ],
            body: json
        )
    }

    public static func error(status: Int, code: String, message: String) -> HTTPResponse {
        make(status: status, ErrorBody(error: .init(code: code, message: message)))
    }

    struct ErrorBody: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
        }
        var error: Detail
    }
}
