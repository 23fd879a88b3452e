import FocusProtocol
import Foundation
import NetworkClients
import TestSupport
import Testing

/// A session that runs its own SwiftUI source, over the real routes and a real socket.
@Suite("Sessions running their own source", .tags(.transport))
struct SourceSessionServerTests {
    static let login = """
        import SwiftUI

        struct LoginForm: View {
            enum Field: Hashable { case username, password }
            @State private var username = ""
            @State private var password = ""
            @FocusState private var focusedField: Field?

            var body: some View {
                Form {
                    TextField("Username", text: $username)
                        .focused($focusedField, equals: .username)
                        .onSubmit {
                            focusedField = .password
                        }
                    SecureField("Password", text: $password)
                        .focused($focusedField, equals: .password)
                    Button("Sign In") { focusedField = nil }
                }
            }
        }
        """

    /// The body `{"source": …}` for `source`.
    static func body(_ source: String) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: ["source": source]))
    }

    static func create(_ server: TestServer, source: String) throws -> HTTPClient.Response {
        try HTTPClient.send(method: "POST", target: "/api/sessions", port: server.port, body: try body(source))
    }

    static func replace(_ server: TestServer, _ capability: String, source: String) throws -> HTTPClient.Response {
        try HTTPClient.send(
            method: "PUT", target: "/api/sessions/\(capability)/source", port: server.port, body: try body(source))
    }

    @Test("POST with a source starts a session running it: the snapshot draws it, Return runs the onSubmit line")
    func createsAndRuns() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let created = try Self.create(server, source: Self.login)
        #expect(created.status == 201)
        let id = try #require(try JSONValue.parse(created.text)["id"].string)
        let client = try await ProtocolClient.join(server, session: id)
        defer { client.close() }
        let program = client.snapshot["state"]["program"]
        #expect(program["source"].string == Self.login)
        #expect(program["screens"] == .array([.string("LoginForm")]))
        #expect(client.snapshot["state"]["screen"].string == "LoginForm")
        let username = try #require(program["drawn"].key(titled: "Username"))
        let password = try #require(program["drawn"].key(titled: "Password"))

        _ = client.intent("LoginForm", "tap", #""key":"\#(username)""#)
        let tapped = try await client.next(type: "update")
        #expect(tapped["patch"]["program"]["drawn"]["focused"].string == username)

        _ = client.intent("LoginForm", "submit")
        let submitted = try await client.next(type: "update")
        let focus = try #require(submitted["events"].array.lastIndex { $0["kind"].string == "focus" })
        #expect(submitted["events"][focus]["to"].string == password)
        // The line of `focusedField = .password`, the statement that moved focus.
        let line = try #require(
            Self.login.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("focusedField = .password")
            })
        #expect(submitted["lines"][focus].int == line + 1)
        #expect(submitted["patch"]["program"]["drawn"]["focused"].string == password)
    }

    @Test("A source with a syntax error is refused with 422 bad_source and the parser's diagnostics")
    func refusesBrokenSource() throws {
        let server = try TestServer()
        defer { server.stop() }
        let broken = Self.login.replacingOccurrences(of: "text: $username)", with: "text: $username")
        let refused = try Self.create(server, source: broken)
        #expect(refused.status == 422)
        let error = try JSONValue.parse(refused.text)["error"]
        #expect(error["code"].string == "bad_source")
        let first = try #require(error["diagnostics"].array.first)
        #expect(first["severity"].string == "error")
        #expect(first["line"].int != nil && first["column"].int != nil)
        #expect(first["message"].string?.isEmpty == false)
    }

    @Test(
        "PUT replaces the source and keeps the values whose state still exists; a viewer cannot; a bad source leaves the program")
    func replacesSource() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let created = try JSONValue.parse(try Self.create(server, source: Self.login).text)
        let id = try #require(created["id"].string)
        let viewer = try #require(created["viewer"].string)
        let client = try await ProtocolClient.join(server, session: id)
        defer { client.close() }
        let username = try #require(client.snapshot["state"]["program"]["drawn"].key(titled: "Username"))
        _ = client.intent("LoginForm", "edit", #""key":"\#(username)","value":"ada""#)
        _ = try await client.next(type: "update")

        let renamed = Self.login.replacingOccurrences(of: "\"Sign In\"", with: "\"Log In\"")
        let replaced = try Self.replace(server, id, source: renamed)
        #expect(replaced.status == 200)
        #expect(try JSONValue.parse(replaced.text)["revision"].int != nil)
        let update = try await client.next(type: "update")
        #expect(update["patch"]["program"]["source"].string == renamed)
        #expect(update["patch"]["program"]["drawn"].key(titled: "Log In") != nil)
        let state = try server.session(id)["state"]["program"]
        #expect(state["source"].string == renamed)
        #expect(
            state["drawn"]["stateValues"].array.contains { $0["name"].string == "username" && $0["value"].string == "\"ada\"" })

        #expect(try Self.replace(server, viewer, source: Self.login).status == 403)
        let broken = try Self.replace(server, id, source: "struct A: View { var body: some View { Text( } }")
        #expect(broken.status == 422)
        #expect(try server.session(id)["state"]["program"]["source"].string == renamed)
    }

    @Test("A runaway action is stopped with action_failed and changes nothing; the session goes on")
    func stopsRunawayAction() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let source = """
            struct Spin: View {
                @State private var count = 0
                var body: some View {
                    Button("Spin") { for step in 0..<1_000_000 { count = step } }
                    Button("Add") { count += 1 }
                }
            }
            """
        let id = try #require(try JSONValue.parse(try Self.create(server, source: source).text)["id"].string)
        let client = try await ProtocolClient.join(server, session: id)
        defer { client.close() }
        let drawn = client.snapshot["state"]["program"]["drawn"]
        let spin = try #require(drawn.key(titled: "Spin"))
        let add = try #require(drawn.key(titled: "Add"))
        let seq = client.intent("Spin", "tap", #""key":"\#(spin)""#)
        let refusal = try await client.next(type: "error")
        #expect(refusal["code"].string == "action_failed")
        #expect(refusal["seq"].int == seq)
        _ = client.intent("Spin", "tap", #""key":"\#(add)""#)
        let added = try await client.next(type: "update")
        #expect(added["events"].array.contains { $0["kind"].string == "state" && $0["value"].string == "1" })
    }
}

extension SourceSessionServerTests {
    @Test(
        "The source is a text like any field: splices edit it, the new text runs once compiled, errors keep the last good program"
    )
    func splicesEditTheSource() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let id = try #require(try JSONValue.parse(try Self.create(server, source: Self.login).text)["id"].string)
        let ada = try await ProtocolClient.join(server, session: id, name: "Ada")
        let grace = try await ProtocolClient.join(server, session: id, name: "Grace")
        defer {
            ada.close()
            grace.close()
        }
        let base = ada.snapshot["revision"].int ?? 0
        let title = (Self.login as NSString).range(of: "\"Sign In\"").location + 1
        // Ada renames the button while Grace, from the same base, adds a word to the username's title.
        ada.intent("LoginForm", "splice", #""key":"source","base":\#(base),"at":\#(title),"delete":7,"insert":"Log In""#)
        let usernameAt = (Self.login as NSString).range(of: "\"Username\"").location + 1
        grace.intent("LoginForm", "splice", #""key":"source","base":\#(base),"at":\#(usernameAt),"delete":0,"insert":"Your ""#)
        var source = ""
        var drawnTitles: Set<String> = []
        // Both splices arrive as edits of the source; the compiled text follows as a new program.
        for _ in 0..<8 {
            let update = try await ada.next(type: "update")
            if let text = update["patch"]["program"]["source"].string { source = text }
            for view in update["patch"]["program"]["drawn"]["content"][0]["content"].array {
                if let title = view["title"].string { drawnTitles.insert(title) }
            }
            if drawnTitles.contains("Log In") && drawnTitles.contains("Your Username") { break }
        }
        #expect(source.contains("Button(\"Log In\")") && source.contains("TextField(\"Your Username\""), "both edits are kept")
        #expect(drawnTitles.isSuperset(of: ["Log In", "Your Username"]), "the edited source runs")

        // A splice that breaks it: the diagnostics say so, the last good program runs on.
        let now = try server.session(id)
        let revision = now["revision"].int ?? 0
        let text = now["state"]["program"]["source"].string ?? ""
        let close = (text as NSString).range(of: "text: $username)").location + "text: $username".utf16.count
        ada.intent("LoginForm", "splice", #""key":"source","base":\#(revision),"at":\#(close),"delete":1,"insert":"""#)
        var runs = JSONValue.null
        var diagnostics: [JSONValue] = []
        while diagnostics.isEmpty {
            let update = try await ada.next(type: "update")
            if update["patch"]["program"]["runs"] != .null { runs = update["patch"]["program"]["runs"] }
            diagnostics = update["patch"]["program"]["diagnostics"].array
        }
        #expect(runs == .bool(false), "the broken text does not run")
        #expect(diagnostics.contains { $0["severity"].string == "error" })
        let state = try server.session(id)["state"]["program"]
        #expect(state["runs"] == .bool(false))
        #expect(state["drawn"].key(titled: "Log In") != nil, "the last good program still draws")
    }
}
