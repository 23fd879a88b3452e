import WebSocketTransport

/// Maps a method and a path pattern such as `/api/sessions/{id}` to a handler.
///
/// A path that matches a pattern under another method is answered `405` with `Allow`;
/// a path that matches nothing is left to the caller (`nil`).
struct Router: Sendable {
    /// A handler gets the request and the values of the pattern's `{name}` segments.
    typealias Handler = @Sendable (HTTPRequest, [String: String]) -> HTTPResponse

    private struct Route: Sendable {
        var method: String
        var segments: [Substring]
        var handler: Handler
    }

    private var routes: [Route] = []

    init() {}

    /// Routes `method` on paths matching `pattern` (`{name}` segments match any one segment).
    mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        routes.append(Route(method: method, segments: Router.segments(of: pattern), handler: handler))
    }

    /// The response for `request`, or nil when no route has its path.
    func response(for request: HTTPRequest) -> HTTPResponse? {
        let path = Router.segments(of: request.path)
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Router.match(route.segments, path) else { continue }
            if route.method == request.method || (route.method == "GET" && request.method == "HEAD") {
                return route.handler(request, parameters)
            }
            allowed.append(route.method)
        }
        guard !allowed.isEmpty else { return nil }
        return JSONResponse.methodNotAllowed(request.method, path: request.path, allowed: allowed)
    }

    private static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func match(_ pattern: [Substring], _ path: [Substring]) -> [String: String]? {
        guard pattern.count == path.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, actual) in zip(pattern, path) {
            if expected.first == "{", expected.last == "}" {
                parameters[String(expected.dropFirst().dropLast())] = String(actual)
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}
