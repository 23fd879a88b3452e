import Foundation
import Testing
@testable import FocusSyncServer

/// docs/PROTOCOL.md is what a client author reads: its examples must be real messages.
@Suite("docs/PROTOCOL.md examples")
struct ProtocolDocumentTests {
    static let document: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Every example: the ```json blocks and the inline `{"type":…}` objects.
    static var examples: [String] {
        let blocks = document.matches(of: /```json\n([\s\S]*?)```/).map { String($0.1) }
        let inline = document.matches(of: /`(\{"type":[^`]*\})`/).map { String($0.1) }
        return blocks + inline
    }

    @Test func everyExampleIsJSON() throws {
        #expect(Self.examples.count > 20)
        for example in Self.examples {
            #expect(throws: Never.self, "not JSON: \(example)") { _ = try JSONValue.parse(example) }
        }
    }

    @Test func everyClientExampleDecodes() throws {
        let clientExamples = Self.examples.filter {
            $0.contains(#""type":"hello""#) || $0.contains(#""type":"intent""#) || $0.contains(#""type":"ping""#)
        }
        #expect(clientExamples.count >= 12)
        for example in clientExamples {
            #expect(throws: Never.self, "does not decode: \(example)") { _ = try ClientMessage.decode(Array(example.utf8)) }
        }
    }

    /// The ```json example whose `type` is `type`.
    static func example(_ type: String) throws -> JSONValue {
        let match = try #require(examples.first { $0.contains(#""type": "\#(type)""#) }, "no \(type) example")
        return try JSONValue.parse(match)
    }

    /// Keys the document shows that the server does not send (placeholders `…` aside).
    static func missing(_ documented: JSONValue, from real: JSONValue) -> [String] {
        documented.object.keys.filter { $0 != "…" && real.object[$0] == nil }.sorted()
    }

    @Test func snapshotAndUpdateExamplesMatchWhatTheServerSends() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let session = try server.createSession()
        let client = try await ProtocolClient.join(server, session: session)
        defer { client.close() }
        let snapshot = client.snapshot
        let documented = try Self.example("snapshot")
        #expect(Self.missing(documented, from: snapshot) == [])
        #expect(Self.missing(documented["state"], from: snapshot["state"]) == [])
        let realScreen = snapshot["state"]["screens"]["checkout"]
        #expect(Self.missing(documented["state"]["screens"]["checkout"], from: realScreen) == [])
        // Every field the server puts in a screen state is in the document's table.
        for key in realScreen.object.keys.sorted() {
            #expect(Self.document.contains("| `\(key)` |"), "screen-state field \(key) is not documented")
        }

        client.intent("profile", "focus", #""key":"firstName""#)
        let update = try await client.next(type: "update")
        #expect(Self.missing(try Self.example("update"), from: update) == [])
        for key in update.object.keys where key != "type" {
            #expect(Self.document.contains("`\(key)`"), "update field \(key) is not documented")
        }
    }

    @Test func healthExampleMatches() throws {
        let server = try TestServer()
        defer { server.stop() }
        let real = try JSONValue.parse(try server.get("/healthz").text)
        let line = try #require(Self.document.split(separator: "\n").first { $0.hasPrefix("| `GET /healthz`") })
        let json = try #require(line.firstMatch(of: /`(\{"status".*?\})`/)).1
        let documented = try JSONValue.parse(String(json))
        #expect(Set(documented.object.keys) == Set(real.object.keys))
    }

    @Test func everyErrorCodeIsDocumented() {
        for code in ProtocolError.Code.allCases {
            #expect(Self.document.contains("`\(code.rawValue)`"), "\(code.rawValue) is not in PROTOCOL.md")
        }
    }
}
