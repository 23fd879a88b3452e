import FocusProtocol
import Foundation
import Glibc
import NetworkClients
import TestSupport
import Testing
import WebSocketTransport

/// A disk that fills up while the real server runs: it keeps serving, logs the failure, says
/// `degraded` on `/healthz` with the store's sentence and the sessions not durable, and once space
/// returns stores them again (the retry every 5 s), so a restart loses nothing.
@Suite("Full disk at run time, through the real server", .tags(.transport, .long))
struct FullDiskServerTests {
    static func health(_ server: ServerProcess) throws -> JSONValue {
        try JSONValue.parse(try HTTPClient.send(target: "/healthz", port: server.port).text)
    }

    @Test(.enabled(if: TinyFileSystem.canMount, "needs root allowed to mount a 1 MiB tmpfs"))
    func aFullDiskIsReportedWhileServingAndRecoveredFrom() async throws {
        let disk = try #require(TinyFileSystem())
        let database = disk.path + "/focus-sync.sqlite3"
        var server = try ServerProcess(arguments: ["--data-dir", disk.path])
        defer { server.terminate() }
        let created = try HTTPClient.send(method: "POST", target: "/api/sessions", port: server.port)
        let session = try #require(try JSONValue.parse(created.text)["id"].string)
        let client = try await ProtocolClient.join(port: server.port, session: session)
        client.intent(Seed.profile, "edit", #""key":"firstName","value":"before""#)
        _ = try await client.next(type: "update")
        #expect(try Self.health(server)["status"].string == "ok")

        let filler = disk.fill()
        // Clients still get an answer for every change, stored or not.
        let filling = String(repeating: "x", count: 2000)
        for counter in 1...20 {
            client.intent(Seed.profile, "edit", #""key":"firstName","value":"while full \#(counter) \#(filling)""#)
            _ = try await client.next(type: "update")
        }
        var health = JSONValue.null
        let degraded = await eventually(timeout: .seconds(10)) {
            health = (try? Self.health(server)) ?? .null
            return health["status"].string == "degraded" && (health["notDurableSessions"].int ?? 0) > 0
        }
        #expect(degraded, "healthz while full: \(health)")
        #expect(health["storage"]["healthy"] == .bool(false))
        let sentence = "The disk holding the database \(database) is full (database or disk is full); free some space on it."
        #expect(health["storage"]["error"].string == sentence)
        #expect(server.process.isRunning)
        let logged = server.standardError.split(separator: "\n").filter { $0.contains(" error ") }
        print("full disk, /healthz:", health)
        print("full disk, logged:", logged.first ?? "(nothing)")
        #expect(logged.first?.contains("storage failed; sessions are not durable until it recovers") == true)
        // The first write to fail may be SQLite's or the pending log's (the operating system's words).
        let full = try #require(logged.first)
        #expect(full.contains("The disk holding the database \(database) is full ("), "\(full)")
        #expect(full.contains("); free some space on it."), "\(full)")

        #expect(unlink(filler) == 0)
        let recovered = await eventually(timeout: .seconds(15)) {
            health = (try? Self.health(server)) ?? .null
            return health["status"].string == "ok"
        }
        #expect(recovered, "healthz once space returned: \(health)")
        #expect(health["notDurableSessions"].int == 0)
        #expect(health["storage"]["error"] == .null)
        client.intent(Seed.profile, "edit", #""key":"firstName","value":"after""#)
        _ = try await client.next(type: "update")
        let before = try JSONValue.parse(try HTTPClient.send(target: "/api/sessions/\(session)", port: server.port).text)
        client.close()

        // Nothing typed while the disk was full is lost across a restart.
        server.terminate()
        server = try ServerProcess(arguments: ["--data-dir", disk.path])
        let after = try JSONValue.parse(try HTTPClient.send(target: "/api/sessions/\(session)", port: server.port).text)
        #expect(after["revision"] == before["revision"])
        #expect(after["state"]["program"]["drawn"].value(of: "firstName") == "after")
        #expect(after["state"].canonical == before["state"].canonical)
    }
}
