import FocusProtocol
import NetworkClients
import TestSupport
import Testing

/// Issue 15, point 10: out of descriptors, the server stops accepting for a moment instead of
/// spinning, and `/healthz` says so to a connection that was already open.
@Suite("Health while out of descriptors", .serialized, .tags(.transport))
struct DescriptorHealthTests {
    @Test func healthzSaysWhenNoDescriptorIsLeft() throws {
        let server = try TestServer()
        defer { server.stop() }
        // Opened first: once the descriptors run out, only a connection already open can ask.
        let kept = try TCPConnection(port: server.port)
        defer { kept.close() }
        func health() throws -> JSONValue {
            try kept.write(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            return try JSONValue.parse(HTTPClient.readResponse(from: kept).text)
        }
        #expect(try health()["outOfDescriptors"].bool == false)
        #expect(try health()["status"].string == "ok")

        let pressure = DescriptorPressure(port: server.port)
        defer { pressure.release() }
        #expect(DescriptorPressure.waitUntil { (try? health()["outOfDescriptors"].bool) == true })
        #expect(try health()["status"].string == "degraded")

        pressure.release()
        #expect(DescriptorPressure.waitUntil(seconds: 10) { (try? server.get("/healthz").status) == 200 })
        #expect(try health()["outOfDescriptors"].bool == false)
        #expect(try health()["status"].string == "ok")
    }
}
