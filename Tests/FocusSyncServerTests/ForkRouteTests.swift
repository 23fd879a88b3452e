import FocusProtocol
import FocusSyncServer
import Foundation
import NetworkClients
import TestSupport
import Testing

/// Forks over the real routes and sockets: made from either capability, listed for editors
/// only, their roster pushed to the class session's editors, shown to the class, kept across a
/// restart.
@Suite("Forks over HTTP and WebSockets", .tags(.transport))
struct ForkRouteTests {
    static func fork(_ server: TestServer, of capability: String) throws -> (status: Int, body: JSONValue) {
        let response = try HTTPClient.send(method: "POST", target: "/api/sessions/\(capability)/forks", port: server.port)
        return (response.status, try JSONValue.parse(response.text))
    }

    static func forks(_ server: TestServer, of capability: String) throws -> (status: Int, body: JSONValue) {
        let response = try HTTPClient.send(target: "/api/sessions/\(capability)/forks", port: server.port)
        return (response.status, try JSONValue.parse(response.text))
    }

    @Test("POST …/forks with either capability answers 201 {id, viewer}; GET lists them for the editor id only")
    func createAndList() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (id, viewer) = try server.createSessionCapabilities()
        let fromViewer = try Self.fork(server, of: viewer)
        let fromEditor = try Self.fork(server, of: id)
        #expect(fromViewer.status == 201 && fromEditor.status == 201)
        let forkIds = [fromViewer.body["id"].string, fromEditor.body["id"].string].compactMap(\.self)
        let forkViewers = [fromViewer.body["viewer"].string, fromEditor.body["viewer"].string].compactMap(\.self)
        #expect(forkIds.count == 2 && forkViewers.count == 2 && Set(forkIds).count == 2)
        #expect(try server.session(forkIds[0])["role"].string == "editor", "a fork is an ordinary session")
        #expect(try server.session(forkViewers[0])["role"].string == "viewer")

        let listed = try Self.forks(server, of: id)
        #expect(listed.status == 200)
        #expect(listed.body.array.map { $0["id"].string ?? "" } == forkViewers)
        #expect(!forkIds.contains { listed.body.description.contains($0) }, "never a fork's editor id")
        let first = listed.body[0]
        #expect(first["name"] == .null && first["connected"] == .bool(false) && first["revision"].int == 0)
        #expect(first["focus"].string == "nil" && first["lastEvent"] == .null && first["lesson"] == .null)

        let byViewer = try Self.forks(server, of: viewer)
        #expect(byViewer.status == 403 && byViewer.body["error"]["code"].string == "read_only")
        #expect(try Self.fork(server, of: String(repeating: "A", count: 30)).status == 404)
        #expect(try Self.forks(server, of: forkIds[0]).body.array.isEmpty, "a fork has no forks of its own yet")
    }

    @Test("The class session's editor gets the whole roster after its snapshot, then a student's move as a delta")
    func rosterIsPushed() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (id, viewer) = try server.createSessionCapabilities()
        let fork = try Self.fork(server, of: viewer).body
        let forkId = try #require(fork["id"].string)
        let teacher = try await ProtocolClient.join(server, session: id, name: "Teacher")
        defer { teacher.close() }
        let whole = try await teacher.next(type: "forks")
        #expect(whole["whole"] == .bool(true) && whole["forks"].array.count == 1)
        #expect(whole["forks"][0]["id"].string == fork["viewer"].string)

        let student = try await ProtocolClient.join(server, session: forkId, name: "Ada")
        defer { student.close() }
        _ = student.intent(Seed.profile, "focus", #""key":"lastName""#)
        var entry = JSONValue.null
        while entry["focus"].string != ".lastName" {
            let delta = try await teacher.next(type: "forks")
            #expect(delta["whole"] == .bool(false))
            entry = delta["forks"][0]
        }
        #expect(entry["name"].string == "Ada" && entry["connected"] == .bool(true) && entry["revision"].int == 1)
        #expect(entry["lastEvent"]["event"]["kind"].string == "focus" && entry["lastEvent"]["at"].int != nil)
    }

    @Test("An editor shows a fork to the class: every member gets `shown`, late joiners in their snapshot, until null")
    func showToClass() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (id, viewer) = try server.createSessionCapabilities()
        let forkViewer = try #require(try Self.fork(server, of: viewer).body["viewer"].string)
        let teacher = try await ProtocolClient.join(server, session: id, name: "Teacher")
        let pupil = try await ProtocolClient.join(server, session: viewer)
        defer {
            teacher.close()
            pupil.close()
        }
        teacher.send(#"{"type":"show","fork":"\#(forkViewer)"}"#)
        #expect(try await pupil.next(type: "shown")["fork"].string == forkViewer)
        let late = try await ProtocolClient.join(server, session: viewer)
        defer { late.close() }
        #expect(late.snapshot["shown"].string == forkViewer)
        pupil.send(#"{"type":"show","fork":null}"#)
        #expect(try await pupil.next(type: "error")["code"].string == "read_only")
        teacher.send(#"{"type":"show","fork":null}"#)
        #expect(try await late.next(type: "shown")["fork"] == .null)
    }

    @Test("A fork keeps its link to the class session across a restart")
    func linkIsDurable() async throws {
        let folder = TemporaryFolder()
        var server = try TestServer(configure: DurabilityTests.persistent(folder))
        let (id, viewer) = try server.createSessionCapabilities()
        let fork = try Self.fork(server, of: viewer).body
        server.stop()
        server = try TestServer(configure: DurabilityTests.persistent(folder))
        defer { server.stop() }
        let listed = try Self.forks(server, of: id)
        #expect(listed.body.array.map(\.["id"].string) == [fork["viewer"].string])
    }
}
