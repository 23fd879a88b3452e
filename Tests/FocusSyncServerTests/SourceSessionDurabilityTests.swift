import FocusProtocol
import Foundation
import NetworkClients
import TestSupport
import Testing

/// A session running its own source keeps it, its values, its focus and its pending timers
/// across a restart and a `kill -9`, like any session.
@Suite("Durable source sessions", .tags(.transport))
struct SourceSessionDurabilityTests {
    static func source(_ name: String) throws -> String {
        try String(contentsOf: ServerProcess.examplesFolder.appendingPathComponent("\(name).swift"), encoding: .utf8)
    }

    /// Creates a session that runs `source`, or the seed screens when it is nil; returns its id.
    static func create(port: Int, source: String?) throws -> String {
        let body = try source.map { Array(try JSONSerialization.data(withJSONObject: ["source": $0])) } ?? []
        let created = try HTTPClient.send(method: "POST", target: "/api/sessions", port: port, body: body)
        return try #require(try JSONValue.parse(created.text)["id"].string, "\(created.status) \(created.text)")
    }

    @Test("After a restart the source, its typed values and focus are back, and replayed changes agree")
    func restart() async throws {
        let folder = TemporaryFolder()
        var server = try TestServer(configure: DurabilityTests.persistent(folder))
        let id = try Self.create(port: server.port, source: try Self.source("login"))
        let ada = try await ProtocolClient.join(server, session: id, name: "Ada")
        let drawn = ada.snapshot["state"]["program"]["drawn"]
        let username = try #require(drawn.key(titled: "Username"))
        for (action, fields) in [
            ("tap", #""key":"\#(username)""#), ("edit", #""key":"\#(username)","value":"ada""#), ("submit", ""),
        ] {
            ada.intent("LoginForm", action, fields)
            _ = try await ada.next(type: "update")
        }
        let before = try server.session(id)
        ada.close()
        server.stop()

        server = try TestServer(configure: DurabilityTests.persistent(folder))
        defer { server.stop() }
        let after = try server.session(id)
        #expect(after["revision"] == before["revision"])
        #expect(after["state"].canonical == before["state"].canonical)
        #expect(after["state"]["program"]["drawn"]["focused"] == before["state"]["program"]["drawn"]["focused"])
        #expect(after["state"]["program"]["drawn"]["focused"].string != nil, "focus moved to Password and stayed")
    }

    @Test("kill -9 right after an acknowledged change to a source session loses nothing")
    func killed() async throws {
        let folder = TemporaryFolder()
        var process = try ServerProcess(arguments: ["--data-dir", folder.path])
        let id = try Self.create(port: process.port, source: try Self.source("insert-after"))
        let client = try await ProtocolClient.join(port: process.port, session: id)
        let first = try #require(client.snapshot["state"]["program"]["drawn"].key(titled: "Item"))
        client.intent("PackingList", "tap", #""key":"\#(first)""#)
        _ = try await client.next(type: "update")
        client.intent("PackingList", "submit")
        let inserted = try await client.next(type: "update")
        client.close()
        process.kill()

        process = try ServerProcess(arguments: ["--data-dir", folder.path])
        defer { process.terminate() }
        let body = try JSONValue.parse(try HTTPClient.send(target: "/api/sessions/\(id)", port: process.port).text)
        #expect(body["revision"] == inserted["revision"])
        let fields = body["state"]["program"]["drawn"]["content"][0]["content"].array.filter { $0["kind"].string == "textField" }
        #expect(fields.map { $0["value"].string } == ["Passport", "", "Charger"])
    }
}
