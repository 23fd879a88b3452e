import FocusProtocol
import TestSupport
import Testing
import WebSocketTransport

@testable import FocusSyncServer

@Suite("WebSocket origin policy")
struct OriginPolicyTests {
    private func request(origin: String?) -> HTTPRequest {
        var headers = ["host": "127.0.0.1:8080"]
        headers["origin"] = origin
        return HTTPRequest(method: "GET", path: "/ws", headers: headers)
    }

    @Test func sameOriginAndNoOriginAreAllowed() {
        let policy = OriginPolicy(allowedOrigins: [])
        #expect(policy.allows(request(origin: "http://127.0.0.1:8080")))
        #expect(policy.allows(request(origin: nil)))
    }

    @Test func foreignOriginIsRefusedUnlessAllowed() {
        #expect(!OriginPolicy(allowedOrigins: []).allows(request(origin: "https://evil.example")))
        #expect(!OriginPolicy(allowedOrigins: []).allows(request(origin: "http://127.0.0.1:8081")))
        #expect(OriginPolicy(allowedOrigins: ["https://evil.example"]).allows(request(origin: "https://evil.example")))
    }
}
