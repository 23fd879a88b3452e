import FocusProtocol
import Foundation
import NetworkClients
import TestSupport
import Testing

/// Switching screens in a session that runs a source of two screens, over a real socket.
@Suite("Screen switches in a source session", .tags(.transport))
struct SourceScreenSwitchTests {
    static let source = """
        import SwiftUI

        struct NameScreen: View {
            @State private var name = ""
            @FocusState private var focused: Bool

            var body: some View {
                Form {
                    TextField("Your name", text: $name)
                        .focused($focused)
                }
            }
        }

        struct CityScreen: View {
            @State private var city = ""

            var body: some View {
                Form {
                    TextField("City", text: $city)
                }
            }
        }
        """

    @Test("Leaving a screen with text typed: its focus events name the screen left, the new screen's fields start empty")
    func switchAfterTyping() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let created = try JSONValue.parse(try SourceSessionServerTests.create(server, source: Self.source).text)
        let id = try #require(created["id"].string)
        let client = try await ProtocolClient.join(server, session: id)
        defer { client.close() }
        let name = try #require(client.snapshot["state"]["program"]["drawn"].key(titled: "Your name"))
        client.intent("NameScreen", "tap", #""key":"\#(name)""#)
        _ = try await client.next(type: "update")
        client.intent("NameScreen", "edit", #""key":"\#(name)","value":"Ada""#)
        _ = try await client.next(type: "update")

        client.intent("NameScreen", "navigate", #""to":"CityScreen""#)
        let update = try await client.next(type: "update")
        let events = update["events"].array
        let focus = try #require(events.first { $0["kind"].string == "focus" }, "leaving drops focus: \(events)")
        #expect(focus["screen"].string == "NameScreen" && focus["to"] == .null)
        #expect(events.contains { $0["kind"].string == "navigate" && $0["to"].string == "CityScreen" })
        // The City field is new to the page: it starts empty, and an empty text needs no edit.
        #expect(!events.contains { $0["kind"].string == "edit" }, "no field of CityScreen changed: \(events)")
        #expect(update["patch"]["program"]["drawn"]["name"].string == "CityScreen")

        client.intent("CityScreen", "navigate", #""to":"NameScreen""#)
        let back = try await client.next(type: "update")
        // NameScreen's field is drawn anew with its kept text: one edit from the empty text to it.
        let edits = back["events"].array.filter { $0["kind"].string == "edit" }
        #expect(edits.count == 1)
        #expect(edits.first?["screen"].string == "NameScreen")
        #expect(edits.first?["ops"][0]["insert"].string == "Ada" && edits.first?["ops"][0]["delete"].int == 0)
    }
}
