import FocusProtocol
import Foundation
import NetworkClients
import TestSupport
import Testing

/// docs/PROTOCOL.md's part on sessions running their own source: its examples are what the
/// server sends.
@Suite("docs/PROTOCOL.md: sessions that run their own source", .tags(.transport))
struct ProgramProtocolDocumentTests {
    /// The ```json example that starts with `"source"`: a snapshot's `state.program`.
    static func programExample() throws -> JSONValue {
        let example = try #require(ProtocolDocumentTests.examples.first { $0.hasPrefix("{\n  \"source\"") })
        return try JSONValue.parse(example)
    }

    @Test("The program example has the fields a real source session's snapshot has, and every field is in a table")
    func programExampleMatches() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let login = try String(
            contentsOf: ServerProcess.examplesFolder.appendingPathComponent("login.swift"), encoding: .utf8)
        let body = Array(try JSONSerialization.data(withJSONObject: ["source": login]))
        let created = try HTTPClient.send(method: "POST", target: "/api/sessions", port: server.port, body: body)
        let id = try #require(JSONValue.parse(created.text)["id"].string)
        let client = try await ProtocolClient.join(server, session: id)
        defer { client.close() }
        let real = client.snapshot["state"]["program"]
        let documented = try Self.programExample()
        #expect(Set(real.members.keys) == Set(documented.members.keys))
        var documentedDrawn = Set(documented["drawn"].members.keys)
        documentedDrawn.remove("focused")  // absent from a snapshot while no field has focus
        #expect(Set(real["drawn"].members.keys) == documentedDrawn)
        for key in real.members.keys.sorted() + real["drawn"].members.keys.sorted() {
            #expect(ProtocolDocumentTests.document.contains("| `\(key)` |"), "\(key) is not in a table")
        }
        let documentedField = documented["drawn"]["content"][0]["content"][0]
        let realField = real["drawn"]["content"][0]["content"][0]
        #expect(Set(realField.members.keys) == Set(documentedField.members.keys))
        #expect(documentedField["title"] == realField["title"] && documentedField["key"] == realField["key"])

        let key = try #require(realField["key"].string)
        client.intent("LoginForm", "tap", #""key":"\#(key)""#)
        _ = try await client.next(type: "update")
        client.intent("LoginForm", "submit")
        let update = try await client.next(type: "update")
        let documentedUpdate = try Self.documentedUpdate(containing: #""cause":"submit""#)
        #expect(Set(update.members.keys) == Set(documentedUpdate.members.keys))
        #expect(update["events"] == documentedUpdate["events"])
        #expect(update["lines"] == documentedUpdate["lines"])
        #expect(
            update["patch"] == documentedUpdate["patch"], "a focus move sends what it changed of the drawn screen, not all of it")
    }

    /// The documented update of a program session (one with `lines`) whose line holds `marker`.
    static func documentedUpdate(containing marker: String) throws -> JSONValue {
        let line = try #require(
            ProtocolDocumentTests.document.split(separator: "\n").first { $0.contains(#""lines":["#) && $0.contains(marker) })
        return try JSONValue.parse(String(try #require(line.firstMatch(of: /`(\{"type":"update".*?\}\}\}\})`/)).1))
    }

    @Test("The restart example is what the server sends: delayed-focus.swift run again after its code field took focus")
    func restartExampleMatches() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let source = try String(
            contentsOf: ServerProcess.examplesFolder.appendingPathComponent("delayed-focus.swift"), encoding: .utf8)
        let body = Array(try JSONSerialization.data(withJSONObject: ["source": source]))
        let created = try HTTPClient.send(method: "POST", target: "/api/sessions", port: server.port, body: body)
        let id = try #require(JSONValue.parse(created.text)["id"].string)
        let client = try await ProtocolClient.join(server, session: id)
        defer { client.close() }
        if client.snapshot["state"]["program"]["drawn"]["focused"].string != "code" {
            let focused = try await client.next(type: "update")  // the task's 0.5 s sleep ends
            #expect(focused["events"].array.contains { $0["to"].string == "code" })
        }
        client.intent("VerificationForm", "restart")
        let update = try await client.next(type: "update")
        let documented = try Self.documentedUpdate(containing: #""kind":"restart""#)
        #expect(Set(update.members.keys) == Set(documented.members.keys))
        #expect(update["events"] == documented["events"])
        #expect(update["lines"] == documented["lines"])
        #expect(update["patch"] == documented["patch"])
        let appeared = try await client.next(type: "update")  // 0.5 s after the restart
        #expect(appeared["by"] == .null && appeared["events"].array.last?["cause"].string == "autoFocus")
        #expect(appeared["events"].array.last?["to"].string == "code")
    }

    /// The documented `stepping` message whose line holds `marker`.
    static func documentedStepping(containing marker: String) throws -> JSONValue {
        let line = try #require(
            ProtocolDocumentTests.document.split(separator: "\n").first {
                $0.contains(#"{"type":"stepping""#) && $0.contains(marker)
            })
        return try JSONValue.parse(String(try #require(line.firstMatch(of: /`(\{"type":"stepping".*?\}\})`/)).1))
    }

    @Test("The Step examples are what the server sends: sign-up.swift's Create Account held, stepped and finished")
    func stepExamplesMatch() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let source = try String(
            contentsOf: ServerProcess.examplesFolder.appendingPathComponent("sign-up.swift"), encoding: .utf8)
        let body = Array(try JSONSerialization.data(withJSONObject: ["source": source]))
        let created = try HTTPClient.send(method: "POST", target: "/api/sessions", port: server.port, body: body)
        let id = try #require(JSONValue.parse(created.text)["id"].string)
        let client = try await ProtocolClient.join(server, session: id)
        defer { client.close() }
        #expect(client.snapshot["state"]["stepping"] == .null, "Step is off: `stepping` is null")
        let button = try #require(
            client.snapshot["state"]["program"]["drawn"]["content"][0]["content"].array.first {
                $0["title"].string == "Create Account"
            }?["key"].string)
        client.intent("SignUpForm", "edit", #""key":"name","value":"Ada""#)
        _ = try await client.next(type: "update")

        client.send(#"{"type":"step","on":true}"#)
        #expect(try await client.next(type: "stepping") == (try Self.documentedStepping(containing: #""by":"m1"}}}"#)))
        client.intent("SignUpForm", "tap", #""key":"\#(button)""#)
        let held = try await client.next(type: "stepping")
        #expect(held == (try Self.documentedStepping(containing: #""statements":["#)))
        client.send(#"{"type":"stepForward"}"#)
        #expect(try await client.next(type: "stepping") == (try Self.documentedStepping(containing: #""at":1}"#)))
        client.send(#"{"type":"stepFinish"}"#)
        #expect(try await client.next(type: "stepping") == (try Self.documentedStepping(containing: #""at":null"#)))
        let update = try await client.next(type: "update")
        #expect(update["events"].array.last?["to"].string == "email", "Create Account focuses Email, as at once")
    }
}
