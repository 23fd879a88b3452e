import Testing
import WebSocketTransport

@testable import FocusSyncServer

@Suite("Host policy (DNS rebinding)")
struct HostPolicyTests {
    private static let policy: HostPolicy = {
        var options = ServerOptions()
        options.allowedOrigins = ["https://demo.example", "http://class.example:3000"]
        options.allowedHosts = ["Focus.Example"]
        return HostPolicy(options: options, machineName: "web1.corp.example")
    }()

    private func allows(_ host: String?) -> Bool {
        var headers: [String: String] = [:]
        headers["host"] = host
        return Self.policy.allows(HTTPRequest(method: "GET", path: "/", headers: headers))
    }

    @Test(arguments: [
        nil, "", "127.0.0.1", "127.0.0.1:8080", "10.0.0.5:80", "0.0.0.0", "[::1]", "[::1]:8080", "[fe80::1]",
        "[::ffff:127.0.0.1]:9000", "localhost", "LOCALHOST:8080", "localhost.", "app.localhost:8080",
        "web1.corp.example", "web1", "web1:8080", "web1.local", "demo.example", "demo.example:8443",
        "class.example", "focus.example", "FOCUS.example.:80",
    ])
    func allowed(host: String?) {
        #expect(allows(host), "\(host ?? "no Host") should be allowed")
    }

    @Test(arguments: [
        "evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "evillocalhost",
        "1.2.3", "256.1.1.1", "01234.1.1.1", "web1.evil.example", "focus.example.evil", "[::1", "[::1]x", "[evil.example]",
        "localhost:80:80", "localhost:port", "user@localhost", "local host", "démo.example", "focus.example/path",
    ])
    func refused(host: String) {
        #expect(!allows(host), "\(host) should be refused")
    }

    @Test func aListenAddressThatIsANameIsAllowed() {
        let request = HTTPRequest(method: "GET", path: "/", headers: ["host": "focus.lan:8080"])
        var options = ServerOptions()
        #expect(!HostPolicy(options: options, machineName: "vm").allows(request))
        options.host = "focus.lan"
        #expect(HostPolicy(options: options, machineName: "vm").allows(request))
    }

    @Test func originHostsAreReadWithoutSchemeOrPort() {
        #expect(HostName(origin: "https://Demo.Example:8443")?.text == "demo.example")
        #expect(HostName(origin: "http://[::1]:8080")?.text == "[::1]")
        #expect(HostName(origin: "https://demo.example/path") == nil)
        #expect(HostName(origin: "demo.example") == nil)
        #expect(HostName(origin: "https://") == nil)
    }
}
