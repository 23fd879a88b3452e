import FocusProtocol
import Foundation
import NetworkClients
import TestSupport
import Testing

/// docs/PROTOCOL.md's examples of forks are what the server sends.
@Suite("docs/PROTOCOL.md examples of forks", .tags(.transport))
struct ForkProtocolDocumentTests {
    /// The example in the HTTP table's row that starts with `route`.
    static func row(_ route: String, opening: Regex<(Substring, Substring)>) throws -> JSONValue {
        let line = try #require(ProtocolDocumentTests.document.split(separator: "\n").first { $0.hasPrefix("| `\(route)`") })
        return try JSONValue.parse(String(try #require(line.firstMatch(of: opening)).1))
    }

    @Test func rosterExamplesMatchWhatTheServerSends() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (id, viewer) = try server.createSessionCapabilities()
        let created = try HTTPClient.send(method: "POST", target: "/api/sessions/\(viewer)/forks", port: server.port)
        let fork = try JSONValue.parse(created.text)
        let documentedCreated = try Self.row("POST /api/sessions/{id}/forks", opening: /`201` `(\{.*?\})`/)
        #expect(Set(fork.members.keys) == Set(documentedCreated.members.keys))

        let student = try await ProtocolClient.join(server, session: try #require(fork["id"].string), name: "Ada")
        defer { student.close() }
        for key in ["firstName", "lastName"] {
            _ = student.intent(Seed.profile, "tap", #""key":"\#(key)""#)
            _ = try await student.next(type: "update")
        }
        let teacher = try await ProtocolClient.join(server, session: id, name: "Teacher")
        defer { teacher.close() }
        let real = try await teacher.next(type: "forks")
        let documented = try ProtocolDocumentTests.example("forks")
        #expect(Set(real.members.keys) == Set(documented.members.keys))
        let entry = real["forks"][0]
        let documentedEntry = documented["forks"][0]
        #expect(Set(entry.members.keys) == Set(documentedEntry.members.keys))
        #expect(entry["lesson"] == .null, "the seed session follows no lesson")
        #expect(entry["focus"] == documentedEntry["focus"] && entry["name"] == documentedEntry["name"])
        #expect(entry["lastEvent"]["event"] == documentedEntry["lastEvent"]["event"])
        #expect(Set(entry["lastEvent"].members.keys) == Set(documentedEntry["lastEvent"].members.keys))

        let listed = try JSONValue.parse(try server.get("/api/sessions/\(id)/forks").text)
        let documentedList = try Self.row("GET /api/sessions/{id}/forks", opening: /`200` `(\[.*?\])`/)
        #expect(Set(listed[0].members.keys) == Set(documentedList[0].members.keys))
        #expect(listed[0]["id"] == fork["viewer"])
    }

    @Test func showAndShownExamplesAreWhatTheServerTakesAndSends() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (id, viewer) = try server.createSessionCapabilities()
        let created = try HTTPClient.send(method: "POST", target: "/api/sessions/\(id)/forks", port: server.port)
        let forkViewer = try #require(try JSONValue.parse(created.text)["viewer"].string)
        let teacher = try await ProtocolClient.join(server, session: id, name: "Teacher")
        let pupil = try await ProtocolClient.join(server, session: viewer)
        defer {
            teacher.close()
            pupil.close()
        }
        let show = try #require(ProtocolDocumentTests.examples.first { $0.contains(#""type":"show""#) })
        let documentedFork = try #require(try JSONValue.parse(show)["fork"].string)
        teacher.send(show.replacingOccurrences(of: documentedFork, with: forkViewer))
        let real = try await pupil.next(type: "shown")
        let documented = try ProtocolDocumentTests.example("shown")
        #expect(Set(real.members.keys) == Set(documented.members.keys))
        #expect(documented["fork"].string == documentedFork && real["fork"].string == forkViewer)
    }
}
