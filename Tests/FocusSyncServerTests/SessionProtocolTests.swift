import Foundation
import Testing
import WebSocketTransport
@testable import FocusSyncServer

/// Protocol v1 driven by three real WebSocket clients against a real server. Every test checks
/// what each client received.
@Suite("Sessions over protocol v1")
struct SessionProtocolTests {
    /// A server, a session and three joined clients (Ada, Grace, Alan) with presence drained.
    struct Room {
        let server: TestServer
        let session: String
        let clients: [ProtocolClient]
        var ada: ProtocolClient { clients[0] }
        var grace: ProtocolClient { clients[1] }
        var alan: ProtocolClient { clients[2] }

        static func open(configure: (inout ServerOptions) -> Void = { _ in }) async throws -> Room {
            let server = try TestServer(configure: configure)
            let session = try server.createSession()
            var clients: [ProtocolClient] = []
            for name in ["Ada", "Grace", "Alan"] {
                clients.append(try await ProtocolClient.join(server, session: session, name: name))
            }
            // Everyone has seen the presence that lists all three.
            for client in clients {
                var presence = try await client.next(type: "presence")
                while presence["clients"].array.count < 3 { presence = try await client.next(type: "presence") }
            }
            return Room(server: server, session: session, clients: clients)
        }

        /// The next update every client receives; they must all be the same message.
        func update() async throws -> JSONValue {
            var updates: [JSONValue] = []
            for client in clients { updates.append(try await client.next(type: "update")) }
            #expect(updates.allSatisfy { $0 == updates[0] }, "clients saw different updates")
            return updates[0]
        }

        func close() {
            for client in clients { client.close() }
            server.stop()
        }
    }

    /// Focus events of an update as `from>to:cause` strings.
    static func focusMoves(_ update: JSONValue) -> [String] {
        update["events"].array.filter { $0["kind"].string == "focus" }.map {
            "\($0["from"].string ?? "nil")>\($0["to"].string ?? "nil"):\($0["cause"].string ?? "?")"
        }
    }

    @Test func joinGivesASnapshotAndPresence() async throws {
        let room = try await Room.open()
        defer { room.close() }
        for (client, name) in zip(room.clients, ["Ada", "Grace", "Alan"]) {
            #expect(client.snapshot["you"]["name"].string == name)
            #expect(client.snapshot["you"]["clientId"].string == client.clientId)
            #expect(client.snapshot["revision"].int == 0)
            #expect(client.snapshot["state"]["screen"].string == "profile")
            #expect(Set(client.snapshot["state"]["screens"].object.keys) == ["profile", "checkout", "gift", "tasks"])
            #expect(client.snapshot["schema"]["profile"]["fields"].array.count == 2)
        }
        #expect(room.alan.snapshot["state"]["clients"].array.count == 3)
        room.alan.close()
        let presence = try await room.ada.next(type: "presence")
        #expect(presence["clients"].array.map { $0["name"].string } == ["Ada", "Grace"])
        #expect(try await room.grace.next(type: "presence") == presence)
    }

    @Test func everyClientSeesEveryChangeInRevisionOrder() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "focus", #""key":"firstName""#)
        room.grace.intent("profile", "edit", #""key":"firstName","value":"Ada""#)
        room.alan.intent("profile", "focus", #""key":"lastName""#)
        var revisions: [Int] = []
        for _ in 0..<3 {
            let update = try await room.update()
            revisions.append(update["revision"].int ?? 0)
        }
        #expect(revisions == [1, 2, 3])
    }

    @Test func profileReturnChainAndToolbar() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "focus", #""key":"firstName""#)
        var update = try await room.update()
        #expect(Self.focusMoves(update) == ["nil>firstName:tap"])
        #expect(update["by"].string == room.ada.clientId)
        #expect(update["state"]["focusSwift"].string == ".firstName")

        room.grace.intent("profile", "submit")
        update = try await room.update()
        #expect(Self.focusMoves(update) == ["firstName>lastName:submit"])

        room.alan.intent("profile", "submit")
        update = try await room.update()
        #expect(Self.focusMoves(update) == ["lastName>nil:submit"])
        #expect(update["state"]["focus"].isNull)

        room.ada.intent("profile", "focus", #""key":"lastName""#)
        _ = try await room.update()
        let atEnd = room.ada.intent("profile", "next")
        let ack = try await room.ada.next(type: "ack")
        #expect(ack["seq"].int == atEnd)
        #expect(ack["reason"].string == "toolbar_at_end")
        room.ada.intent("profile", "previous")
        update = try await room.update()
        #expect(Self.focusMoves(update) == ["lastName>firstName:toolbar"])
        #expect(update["revision"].int == 5, "the acknowledged no-op must not raise the revision")
    }

    @Test func animatedFocusChangeDipsThroughNil() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "configure", #""settings":{"animatedFocusChange":true}"#)
        let configured = try await room.update()
        #expect(configured["settings"]["animatedFocusChange"].bool == true)
        room.ada.intent("profile", "focus", #""key":"firstName""#)
        _ = try await room.update()
        room.grace.intent("profile", "submit")
        #expect(Self.focusMoves(try await room.update()) == ["firstName>nil:submit", "nil>lastName:submit"])
    }

    @Test func checkoutProceedFocusesTheFirstInvalidField() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "navigate", #""to":"checkout""#)
        let arrived = try await room.update()
        #expect(arrived["current"].string == "checkout")
        #expect(arrived["state"]["focus"].string == "name")
        room.ada.intent("checkout", "edit", #""key":"name","value":"Ada Lovelace""#)
        room.ada.intent("checkout", "edit", #""key":"phone","value":"+44 20 7946 0000""#)
        _ = try await room.update()
        _ = try await room.update()
        room.grace.intent("checkout", "focus", #""key":"phone""#)
        _ = try await room.update()
        room.grace.intent("checkout", "validate")
        let validated = try await room.update()
        #expect(Self.focusMoves(validated) == ["phone>address:validation"])
        #expect(validated["state"]["errors"]["address"].string?.isEmpty == false)
        #expect(validated["state"]["validation"].string == "invalid")
    }

    @Test func ambiguousBindingShowsItsSymptomsAndADiagnostic() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "navigate", #""to":"checkout""#)
        _ = try await room.update()
        room.ada.intent("checkout", "configure", #""settings":{"ambiguousAddressBinding":true}"#)
        let configured = try await room.update()
        #expect(configured["state"]["diagnostics"][0]["kind"].string == "ambiguousBinding")
        // Symptom 1: arriving on checkout focuses .name, which lands on the Address field.
        room.ada.intent("checkout", "navigate", #""to":"profile""#)
        _ = try await room.update()
        room.ada.intent("profile", "navigate", #""to":"checkout""#)
        let back = try await room.update()
        #expect(back["state"]["focus"].string == "name")
        #expect(back["state"]["focusedField"].string == "address")
        // Symptom 2: Return from Name dismisses instead of moving on.
        room.grace.intent("checkout", "submit")
        #expect(Self.focusMoves(try await room.update()) == ["name>nil:submit"])
    }

    @Test func giftAutoFocusLandsOnEveryClientFromTheServer() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "navigate", #""to":"gift""#)
        let arrived = try await room.update()
        #expect(arrived["events"].array.contains { $0["kind"].string == "autoFocusScheduled" })
        #expect(arrived["state"]["pendingAutoFocus"].string == "message")
        let landed = try await room.update()
        #expect(landed["by"].isNull)
        #expect(Self.focusMoves(landed) == ["nil>message:autoFocus"])
        #expect(landed["state"]["focus"].string == "message")
    }

    @Test func rowsAreAddedFocusedAndRemoved() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "navigate", #""to":"tasks""#)
        let arrived = try await room.update()
        let before = arrived["state"]["rows"]["tasks"].array.compactMap(\.string)
        room.grace.intent("tasks", "addRow", #""list":"tasks""#)
        let added = try await room.update()
        let rows = added["state"]["rows"]["tasks"].array.compactMap(\.string)
        let newRow = try #require(rows.last)
        #expect(rows.count == before.count + 1)
        #expect(added["state"]["focus"].string == "title/\(newRow)")
        room.alan.intent("tasks", "edit", #""key":"notes/\#(newRow)","value":"**soon** <script>alert(1)</script> [x](javascript:alert(1))""#)
        let edited = try await room.update()
        let html = try #require(edited["state"]["notesHTML"][newRow].string)
        #expect(html.contains("<strong>soon</strong>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        room.alan.intent("tasks", "removeRow", #""list":"tasks","row":"\#(newRow)""#)
        let removed = try await room.update()
        #expect(removed["events"].array.contains { $0["kind"].string == "rowRemoved" })
        #expect(removed["state"]["rows"]["tasks"].array.compactMap(\.string) == before)
        #expect(removed["state"]["focus"].string == "title/\(before.last ?? "")")
    }

    @Test func duplicateSeqIsAcknowledgedNotAppliedTwice() async throws {
        let room = try await Room.open()
        defer { room.close() }
        let seq = room.ada.intent("profile", "edit", #""key":"firstName","value":"Ada""#)
        _ = try await room.update()
        room.ada.send(intent: seq, "profile", "edit", #""key":"firstName","value":"Ada""#)
        let ack = try await room.ada.next(type: "ack")
        #expect(ack["seq"].int == seq)
        #expect(ack["reason"].string == "duplicate")
        room.grace.intent("profile", "focus", #""key":"lastName""#)
        #expect(try await room.update()["revision"].int == 2)
    }

    @Test func aResentEditAfterReconnectArrivesOnce() async throws {
        let room = try await Room.open()
        defer { room.close() }
        let seq = room.ada.intent("profile", "edit", #""key":"lastName","value":"Lovelace""#)
        room.ada.close()
        // Grace and Alan see the edit once.
        #expect(try await room.grace.next(type: "update")["state"]["values"]["lastName"].string == "Lovelace")
        _ = try await room.alan.next(type: "update")
        let again = try await ProtocolClient.connect(room.server, session: room.session, clientId: room.ada.clientId)
        try await again.hello(name: "Ada")
        #expect(again.snapshot["state"]["screens"]["profile"]["values"]["lastName"].string == "Lovelace")
        #expect(again.snapshot["you"]["color"] == room.ada.snapshot["you"]["color"])
        // The client did not see its edit acknowledged, so it resends it.
        again.send(intent: seq, "profile", "edit", #""key":"lastName","value":"Lovelace""#)
        #expect(try await again.next(type: "ack")["reason"].string == "duplicate")
        let body = try JSONValue.parse(try room.server.get("/api/sessions/\(room.session)").text)
        #expect(body["revision"].int == 1)
        again.close()
    }

    @Test func twoTypistsInOneFieldConverge() async throws {
        let room = try await Room.open()
        defer { room.close() }
        for index in 1...5 {
            room.ada.intent("profile", "edit", #""key":"firstName","value":"Ada \#(index)""#)
            room.grace.intent("profile", "edit", #""key":"firstName","value":"Grace \#(index)""#)
        }
        var finals: [String] = []
        for client in room.clients {
            var last: JSONValue = .null
            for _ in 0..<10 { last = try await client.next(type: "update") }
            #expect(last["revision"].int == 10)
            finals.append(last["state"]["values"]["firstName"].string ?? "")
        }
        #expect(Set(finals).count == 1)
        let body = try JSONValue.parse(try room.server.get("/api/sessions/\(room.session)").text)
        #expect(body["state"]["screens"]["profile"]["values"]["firstName"].string == finals[0])
    }
}
