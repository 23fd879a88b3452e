import FocusProtocol
import TestSupport
import Testing
import WebSocketTransport

@testable import FocusSyncServer

@Suite("API router")
struct RouterTests {
    private func router() -> Router {
        var router = Router()
        router.add("POST", "/api/sessions") { _, _ in HTTPResponse(status: 201) }
        router.add("GET", "/api/sessions/{id}") { _, parameters in
            HTTPResponse(status: 200, body: Array((parameters["id"] ?? "").utf8))
        }
        return router
    }

    @Test func matchesMethodAndCapturesParameters() {
        let response = router().response(for: HTTPRequest(method: "GET", path: "/api/sessions/abc123"))
        #expect(response?.status == 200)
        #expect(response?.body == Array("abc123".utf8))
        #expect(router().response(for: HTTPRequest(method: "POST", path: "/api/sessions"))?.status == 201)
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let response = try #require(router().response(for: HTTPRequest(method: "DELETE", path: "/api/sessions")))
        #expect(response.status == 405)
        #expect(response.headers.contains { $0.name == "Allow" && $0.value == "POST" })
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"method_not_allowed""#))
    }

    @Test func unknownPathIsLeftToTheCaller() {
        #expect(router().response(for: HTTPRequest(method: "GET", path: "/api/nothing")) == nil)
        #expect(router().response(for: HTTPRequest(method: "GET", path: "/api/sessions/a/b")) == nil)
    }
}
