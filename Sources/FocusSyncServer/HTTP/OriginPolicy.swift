import WebSocketTransport

/// Which pages may open a WebSocket: the server's own, the ones named with `--allow-origin`, and
/// clients that send no `Origin` at all (command-line tools, tests, benchmarks).
struct OriginPolicy: Sendable {
    var allowedOrigins: Set<String>

    func allows(_ request: HTTPRequest) -> Bool {
        guard let origin = request.header("origin") else { return true }
        if allowedOrigins.contains(origin) { return true }
        guard let host = request.header("host") else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }
}
