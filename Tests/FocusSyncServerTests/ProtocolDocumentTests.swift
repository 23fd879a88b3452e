import FocusCore
import FocusProtocol
import Foundation
import TestSupport
import Testing

/// docs/PROTOCOL.md is what a client author reads: its examples must be real messages.
@Suite("docs/PROTOCOL.md examples", .tags(.transport))
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

    static let clientTypes = [
        "hello", "intent", "rename", "resync", "history", "caret", "view", "ping", "step", "stepForward", "stepBack",
        "stepFinish", "presentation", "presenter", "ready", "show",
    ]

    @Test func everyExampleIsJSON() throws {
        #expect(Self.examples.count > 20)
        for example in Self.examples {
            #expect(throws: Never.self, "not JSON: \(example)") { _ = try JSONValue.parse(example) }
        }
    }

    @Test func everyClientExampleDecodesAndEveryMessageAndActionHasOne() throws {
        let clientExamples = try Self.examples.filter { Self.clientTypes.contains(try JSONValue.parse($0)["type"].string ?? "") }
        var actions: Set<String> = []
        var types: Set<String> = []
        for example in clientExamples {
            #expect(throws: Never.self, "does not decode: \(example)") { _ = try ClientMessage.decode(Array(example.utf8)) }
            let json = try JSONValue.parse(example)
            types.insert(json["type"].string ?? "")
            if let action = json["action"].string { actions.insert(action) }
        }
        #expect(types == Set(Self.clientTypes))
        #expect(
            actions == [
                "focus", "edit", "splice", "submit", "dismiss", "tap", "navigate", "lesson", "restart",
            ])
    }

    /// The ```json example whose `type` is `type`.
    static func example(_ type: String) throws -> JSONValue {
        let match = try #require(
            examples.first {
                $0.contains(#""type": "\#(type)""#) || $0.contains(#""type":"\#(type)""#)
            }, "no \(type) example")
        return try JSONValue.parse(match)
    }

    /// Keys the document shows that the server does not send (placeholders `…` aside).
    static func missing(_ documented: JSONValue, from real: JSONValue) -> [String] {
        documented.members.keys.filter { $0 != "…" && real.members[$0] == nil }.sorted()
    }

    @Test func snapshotUpdateAndPresenceExamplesMatchWhatTheServerSends() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let session = try server.createSession()
        let client = try await ProtocolClient.join(server, session: session)
        defer { client.close() }
        let snapshot = client.snapshot
        let documented = try Self.example("snapshot")
        #expect(Self.missing(documented, from: snapshot) == [])
        #expect(Set(snapshot.members.keys) == Set(documented.members.keys))
        #expect(Set(snapshot["state"].members.keys) == Set(documented["state"].members.keys))
        // A session made without a source runs the seed screens as its program: no built-in screen.
        #expect(snapshot["state"]["screens"] == documented["state"]["screens"])
        #expect(documented["state"]["screen"].string.map(Seed.screens.contains) == true)
        #expect(snapshot["state"]["program"]["screens"] == .array(Seed.screens.map { .string($0) }))

        let presence = try await client.next(type: "presence")
        #expect(Set(presence.members.keys) == Set(try Self.example("presence").members.keys))

        // The update example is Return in First Name, once First Name has focus.
        client.intent(Seed.profile, "focus", #""key":"firstName""#)
        let focused = try await client.next(type: "update")
        #expect(focused["patch"]["program"]["drawn"]["content"] == .null, "a focus change sends its focus, not the screen")
        #expect(client.lastMessageBytes < 1024, "a focus change is \(client.lastMessageBytes) bytes as sent")
        client.intent(Seed.profile, "submit")
        let update = try await client.next(type: "update")
        let documentedUpdate = try Self.example("update")
        #expect(Set(update.members.keys) == Set(documentedUpdate.members.keys))
        #expect(update["events"] == documentedUpdate["events"])
        #expect(update["lines"] == documentedUpdate["lines"])
        #expect(update["patch"] == documentedUpdate["patch"])
        for key in update.members.keys where key != "type" {
            #expect(Self.document.contains("`\(key)`"), "update field \(key) is not documented")
        }
        let body = try server.session(session)
        #expect(Set(body.members.keys) == ["id", "role", "revision", "state", "node"])
        let line = try #require(Self.document.split(separator: "\n").first { $0.hasPrefix("| `GET /api/sessions/{id}`") })
        let documentedBody = try JSONValue.parse(
            String(try #require(line.firstMatch(of: /`(\{"id".*?\})`/)).1)
                .replacingOccurrences(of: "{…}", with: "{}").replacingOccurrences(of: "\"…\"", with: "\"\""))
        #expect(Set(documentedBody.members.keys) == Set(body.members.keys))

        // A log entry of a statement's event names its line, as the example's does.
        client.send(#"{"type":"resync"}"#)
        let resynced = try await client.next(type: "snapshot")
        let entry = try #require(resynced["log"].array.last)
        #expect(Set(entry.members.keys) == Set(documented["log"][0].members.keys))

        // A caret in the source comes back to everyone, the sender included, in a `carets` message.
        client.send(#"{"type":"caret","key":"source","revision":\#(resynced["revision"].int ?? 0),"at":7,"length":3}"#)
        let carets = try await client.next(type: "carets")
        let documentedCarets = try Self.example("carets")
        #expect(Set(carets.members.keys) == Set(documentedCarets.members.keys))
        #expect(Set(carets["carets"][0].members.keys) == Set(documentedCarets["carets"][0].members.keys))
        #expect(carets["carets"][0]["at"] == .integer(7) && carets["carets"][0]["length"] == .integer(3))

        client.send(#"{"type":"history","revision":1}"#)
        let past = try await client.next(type: "past")
        let documentedPast = try Self.example("past")
        #expect(Set(past.members.keys) == Set(documentedPast.members.keys))
        #expect(Set(past["state"].members.keys) == Set(documentedPast["state"].members.keys))
        #expect(
            past["log"].array.map { $0["event"] } == documentedPast["log"].array.map { $0["event"] },
            "the example's log is what revision 1 was")
    }

    @Test func healthExampleMatches() throws {
        let server = try TestServer()
        defer { server.stop() }
        let real = try JSONValue.parse(try server.get("/healthz").text)
        let line = try #require(Self.document.split(separator: "\n").first { $0.hasPrefix("| `GET /healthz`") })
        let json = try #require(line.firstMatch(of: /`(\{"status".*?\})`/)).1
        let documented = try JSONValue.parse(String(json))
        #expect(Set(documented.members.keys) == Set(real.members.keys))
    }

    @Test func misdirectedExampleIsWhatTheServerSends() throws {
        let server = try TestServer()
        defer { server.stop() }
        let real = try DNSRebindingTests.response(to: "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", port: server.port)
        let line = try #require(Self.document.split(separator: "\n").first { $0.contains("`421` `{") })
        #expect(line.contains("`\(real.status)`"))
        let documented = try JSONValue.parse(String(try #require(line.firstMatch(of: /`(\{"error".*?\}\})`/)).1))
        #expect(documented == (try JSONValue.parse(real.text)))
    }

    @Test func lessonExampleIsWhatTheServerSends() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await ProtocolClient.join(server, session: try server.createSession())
        defer { client.close() }
        client.intent(Seed.profile, "focus", #""key":"firstName""#)
        _ = try await client.next(type: "update")
        // The profile form's lesson on its source, at its step "press Return in First Name".
        client.intent(Seed.profile, "lesson", #""lesson":"profile-source","step":1"#)
        _ = try await client.next(type: "update")
        client.intent(Seed.profile, "submit")
        let real = try await client.next(type: "update")
        let documented = try #require(
            try Self.examples.map { try JSONValue.parse($0) }.first {
                $0["type"].string == "update" && $0["patch"]["lesson"] != .null
            })
        #expect(real["events"] == documented["events"])
        #expect(real["lines"] == documented["lines"])
        #expect(real["patch"] == documented["patch"])
    }

    @Test func everyLessonMoveIsDocumented() throws {
        let section = try #require(Self.document.firstRange(of: "## Lessons").map { Self.document[$0.upperBound...] })
        let list = try #require(section.firstMatch(of: /neutral` \(([^)]*)\)/)).1
        let documented = Set(list.matches(of: /`(\w+)`/).map { String($0.1) })
        #expect(documented == Set(LessonMove.allCases.map(\.rawValue)))
    }

    @Test func everyCloseCodeIsDocumented() {
        for code in WireCloseCode.allCases {
            #expect(Self.document.contains("| \(code.rawValue) |"), "close code \(code.rawValue) is not in PROTOCOL.md's table")
        }
    }

    @Test func everyErrorCodeIsDocumented() {
        for code in ErrorCode.allCases {
            #expect(Self.document.contains("| `\(code.rawValue)` |"), "\(code.rawValue) is not in PROTOCOL.md's table")
        }
    }
}
