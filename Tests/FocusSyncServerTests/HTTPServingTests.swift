import FocusProtocol
import NetworkClients
import TestSupport
import Testing
import WebSocketTransport

@testable import FocusSyncServer

@Suite("Serving Public/, /healthz and the API over real HTTP", .tags(.transport))
struct HTTPServingTests {
    @Test(arguments: [
        ("/", "text/html; charset=utf-8"),
        ("/index.html", "text/html; charset=utf-8"),
        ("/js/main.js", "text/javascript; charset=utf-8"),
        ("/app.css", "text/css; charset=utf-8"),
        ("/icon.svg", "image/svg+xml"),
    ])
    func staticFilesHaveTheirContentType(path: String, type: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = try server.get(path)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == type)
        #expect(response.headers["cache-control"] == "no-cache")
        #expect(response.headers["etag"] != nil)
    }

    @Test func unchangedFileRevalidatesWith304() throws {
        let server = try TestServer()
        defer { server.stop() }
        let first = try server.get("/js/main.js")
        let etag = try #require(first.headers["etag"])
        #expect(try server.get("/js/main.js", headers: [("If-None-Match", etag)]).status == 304)
    }

    @Test func everyResponseCarriesSecurityHeaders() throws {
        let server = try TestServer()
        defer { server.stop() }
        for path in ["/", "/healthz", "/api/nothing", "/missing.js"] {
            let response = try server.get(path)
            let policy = try #require(response.headers["content-security-policy"], "\(path) has no CSP")
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("connect-src 'self' ws://127.0.0.1:\(server.port)"))
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(response.headers["referrer-policy"] == "no-referrer")
        }
    }

    @Test(arguments: [
        "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/%2E%2E/etc/passwd", "/js/..%2f..%2fsecret.txt",
        "/js%2f..%2f..%2fsecret.txt", "/..%5csecret.txt", "//etc/passwd", "/escape.txt", "/./../secret.txt",
        "/js/../../secret.txt", "/%00/etc/passwd", "/.git/config", "/etc/passwd",
    ])
    func nothingOutsidePublicIsServed(target: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = try server.get(target)
        #expect([400, 403, 404].contains(response.status), "\(target) answered \(response.status)")
        #expect(!response.text.contains(TestServer.secretContent))
        #expect(!response.text.contains("root:"))
    }

    @Test func healthzReportsStatusUptimeConnectionsAndVersion() throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = try server.get("/healthz")
        #expect(response.status == 200)
        let body = try JSONValue.parse(response.text)
        #expect(body["status"].string == "ok")
        #expect(body["version"].string == CommandLineInterface.version)
        #expect(body["connections"].int == 0)
        #expect(body["uptimeSeconds"] != .null)
    }

    @Test func unknownAPIRouteIs404JSONAndWrongMethodIs405() throws {
        let server = try TestServer()
        defer { server.stop() }
        let missing = try server.get("/api/teapot")
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "application/json; charset=utf-8")
        #expect(try JSONValue.parse(missing.text)["error"]["code"].string == "not_found")
        let wrong = try HTTPClient.send(method: "DELETE", target: "/api/sessions", port: server.port)
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "POST")
        let health = try HTTPClient.send(method: "POST", target: "/healthz", port: server.port)
        #expect(health.status == 405)
        #expect(health.headers["allow"] == "GET")
        let file = try HTTPClient.send(method: "PUT", target: "/index.html", port: server.port)
        #expect(file.status == 405)
        #expect(file.headers["allow"] == "GET, HEAD")
    }

    @Test func sessionsAreCreatedAndReadOverHTTP() throws {
        let server = try TestServer()
        defer { server.stop() }
        let id = try server.createSession()
        #expect(id.count == 30)
        let read = try server.get("/api/sessions/\(id)")
        #expect(read.status == 200)
        let body = try JSONValue.parse(read.text)
        #expect(body["state"]["screen"].string == Seed.profile)
        #expect(body["state"]["program"]["screens"] == .array(Seed.screens.map { .string($0) }))
        #expect(body["state"]["program"]["source"].string == (try Seed.source()), "the seed screens, as one source")
        #expect(body["state"]["program"]["drawn"].fieldKeys == ["firstName", "lastName"])
        #expect(body["revision"].int == 0)
        let unknown = try server.get("/api/sessions/AAAAAAAAAAAAAAAAAAAAAA")
        #expect(unknown.status == 404)
        #expect(try JSONValue.parse(unknown.text)["error"]["code"].string == "unknown_session")
    }

    @Test func sessionLimitIsAClearError() throws {
        let server = try TestServer { $0.sessions.maxSessions = 1 }
        defer { server.stop() }
        _ = try server.createSession()
        let refused = try HTTPClient.send(method: "POST", target: "/api/sessions", port: server.port)
        #expect(refused.status == 503)
        #expect(try JSONValue.parse(refused.text)["error"]["message"].string?.contains("limit") == true)
    }

    /// A day's idleness on a clock the test moves: nothing waits for the TTL to pass.
    @Test func idleSessionsExpire() async throws {
        let time = MovableClock()
        let server = try TestServer(clock: time.clock) {
            $0.sessions.idleTTLSeconds = 86_400
            $0.expirySweepSeconds = 0.1
        }
        defer { server.stop() }
        let id = try server.createSession()
        #expect(try server.get("/api/sessions/\(id)").status == 200)
        time.advance(bySeconds: 86_401)
        #expect(try await eventually { try server.get("/api/sessions/\(id)").status == 404 })
    }
}
