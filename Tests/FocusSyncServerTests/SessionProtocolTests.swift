import FocusProtocol
import FocusSyncServer
import Foundation
import TestSupport
import Testing
import WebSocketTransport

/// Protocol v3 driven by three real WebSocket clients against a real server. Every test checks
/// what each client received, and that their replicas (snapshot plus patches) agree.
@Suite("Sessions over protocol v3", .tags(.transport))
struct SessionProtocolTests {
    /// A server, a session and three joined clients (Ada, Grace, Alan) who all see each other.
    struct Room {
        let server: TestServer
        let session: String
        let clients: [ProtocolClient]
        var ada: ProtocolClient { clients[0] }
        var grace: ProtocolClient { clients[1] }
        var alan: ProtocolClient { clients[2] }

        static func open(configure: @escaping (inout ServerOptions) -> Void = { _ in }) async throws -> Room {
            let server = try TestServer(configure: configure)
            let session = try server.createSession()
            var clients: [ProtocolClient] = []
            for name in ["Ada", "Grace", "Alan"] {
                clients.append(try await ProtocolClient.join(server, session: session, name: name))
            }
            for client in clients {
                while client.present.count < 3 { _ = try await client.next(type: "presence") }
            }
            return Room(server: server, session: session, clients: clients)
        }

        /// The next update every client receives: they must all be the same message, and leave
        /// every replica the same.
        func update() async throws -> JSONValue {
            var updates: [JSONValue] = []
            for client in clients { updates.append(try await client.next(type: "update")) }
            #expect(updates.allSatisfy { $0 == updates[0] }, "clients saw different updates")
            #expect(clients.allSatisfy { $0.state.canonical == ada.state.canonical }, "replicas differ")
            return updates[0]
        }

        /// A screen as every client's replica has it.
        func screen(_ name: String) -> JSONValue { ada.screen(name) }
        func shown(_ name: String) -> JSONValue { ada.shown(name) }

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

    @Test func joinGivesASnapshotAndPresenceDeltas() async throws {
        let room = try await Room.open()
        defer { room.close() }
        for (client, name) in zip(room.clients, ["Ada", "Grace", "Alan"]) {
            #expect(client.snapshot["you"]["name"].string == name)
            #expect(client.snapshot["you"]["member"].string?.hasPrefix("m") == true)
            #expect(client.snapshot["role"].string == "editor")
            #expect(client.snapshot["revision"].int == 0)
            #expect(client.state["screen"].string == "profile")
            #expect(Set(client.state["screens"].members.keys) == ["profile", "checkout", "gift", "tasks"])
            #expect(client.snapshot["schema"]["profile"]["fields"].array.count == 2)
        }
        #expect(room.alan.snapshot["present"].array.count == 3)
        room.alan.close()
        let presence = try await room.ada.next(type: "presence")
        #expect(presence["left"].array.compactMap { $0.string } == [room.alan.member])
        #expect(presence["joined"].array.isEmpty)
        #expect(try await room.grace.next(type: "presence") == presence)
    }

    @Test func nobodyLearnsAnotherTabsClientId() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "focus", #""key":"firstName""#)
        let update = try await room.update()
        let everything = "\(room.grace.snapshot)\(update)"
        #expect(!everything.contains(room.ada.clientId))
        #expect(update["by"].string == room.ada.member)
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
        let served = try room.server.session(room.session)["state"].canonical
        #expect(served == room.ada.state.canonical, "served \(served)\nreplica \(room.ada.state.canonical)")
    }

    @Test func profileReturnChainAndToolbar() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "focus", #""key":"firstName""#)
        var update = try await room.update()
        #expect(Self.focusMoves(update) == ["nil>firstName:tap"])
        #expect(update["by"].string == room.ada.member)
        #expect(room.shown("profile")["focusSwift"].string == ".firstName")
        #expect(room.shown("profile")["focusPrinted"].string == "Optional(FocusSync.ProfileForm.Field.firstName)")
        #expect(room.shown("profile")["toolbar"]["previous"].bool == false)

        room.grace.intent("profile", "submit")
        update = try await room.update()
        #expect(Self.focusMoves(update) == ["firstName>lastName:submit"])

        room.alan.intent("profile", "submit")
        update = try await room.update()
        #expect(Self.focusMoves(update) == ["lastName>nil:submit"])
        #expect(room.screen("profile")["focus"].isNull)

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
        #expect(configured["patch"]["settings"]["animatedFocusChange"].bool == true)
        room.ada.intent("profile", "focus", #""key":"firstName""#)
        _ = try await room.update()
        room.grace.intent("profile", "submit")
        #expect(Self.focusMoves(try await room.update()) == ["firstName>nil:submit", "nil>lastName:submit"])
    }

    @Test func checkoutProceedFocusesTheFirstInvalidField() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "navigate", #""to":"checkout""#)
        _ = try await room.update()
        #expect(room.ada.state["screen"].string == "checkout")
        #expect(room.screen("checkout")["focus"].string == "name")
        room.ada.intent("checkout", "edit", #""key":"name","value":"Ada Lovelace""#)
        room.ada.intent("checkout", "edit", #""key":"phone","value":"+44 20 7946 0000""#)
        _ = try await room.update()
        _ = try await room.update()
        room.grace.intent("checkout", "focus", #""key":"phone""#)
        _ = try await room.update()
        room.grace.intent("checkout", "validate")
        let validated = try await room.update()
        #expect(Self.focusMoves(validated) == ["phone>address:validation"])
        #expect(room.screen("checkout")["errors"]["address"].string?.isEmpty == false)
        #expect(room.screen("checkout")["validation"].string == "invalid")
        room.alan.intent("checkout", "edit", #""key":"address","value":"1 Main St""#)
        _ = try await room.update()
        #expect(room.screen("checkout")["staleErrors"].array.compactMap { $0.string } == ["address"])
    }

    @Test func ambiguousBindingShowsItsSymptomsAndADiagnostic() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "navigate", #""to":"checkout""#)
        _ = try await room.update()
        room.ada.intent("checkout", "configure", #""settings":{"ambiguousAddressBinding":true}"#)
        _ = try await room.update()
        #expect(room.screen("checkout")["diagnostics"][0]["kind"].string == "ambiguousBinding")
        // Symptom 1: arriving on checkout focuses .name, which lands on the Address field.
        room.ada.intent("checkout", "navigate", #""to":"profile""#)
        _ = try await room.update()
        room.ada.intent("profile", "navigate", #""to":"checkout""#)
        _ = try await room.update()
        #expect(room.screen("checkout")["focus"].string == "name")
        #expect(room.shown("checkout")["focusedField"].string == "address")
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
        #expect(room.screen("gift")["pendingAutoFocus"].string == "message")
        let landed = try await room.update()
        #expect(landed["by"].isNull)
        #expect(Self.focusMoves(landed) == ["nil>message:autoFocus"])
        #expect(room.screen("gift")["focus"].string == "message")
        #expect(room.screen("gift")["pendingAutoFocus"].isNull)
    }

    @Test func rowsAreAddedFocusedAndRemoved() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent("profile", "navigate", #""to":"tasks""#)
        _ = try await room.update()
        let before = room.screen("tasks")["rows"]["tasks"].array.compactMap { $0.string }
        room.grace.intent("tasks", "addRow", #""list":"tasks""#)
        _ = try await room.update()
        let rows = room.screen("tasks")["rows"]["tasks"].array.compactMap { $0.string }
        let newRow = try #require(rows.last)
        #expect(rows.count == before.count + 1)
        #expect(room.screen("tasks")["focus"].string == "title/\(newRow)")
        room.alan.intent(
            "tasks", "edit", #""key":"notes/\#(newRow)","value":"**soon** <script>alert(1)</script> [x](javascript:alert(1))""#)
        _ = try await room.update()
        let html = try #require(room.screen("tasks")["notesHTML"][newRow].string)
        #expect(html.contains("<strong>soon</strong>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        room.alan.intent("tasks", "removeRow", #""list":"tasks","row":"\#(newRow)""#)
        let removed = try await room.update()
        #expect(removed["events"].array.contains { $0["kind"].string == "rowRemoved" })
        #expect(room.screen("tasks")["rows"]["tasks"].array.compactMap { $0.string } == before)
        #expect(room.screen("tasks")["focus"].string == "title/\(before.last ?? "")")
        #expect(room.screen("tasks")["values"]["notes/\(newRow)"].isNull, "the removed row's texts are gone")
        #expect(room.screen("tasks")["notesHTML"][newRow].isNull)
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
        _ = try await room.grace.next(type: "update")
        #expect(room.grace.screen("profile")["values"]["lastName"].string == "Lovelace")
        _ = try await room.alan.next(type: "update")
        let again = try await ProtocolClient.connect(room.server, session: room.session, clientId: room.ada.clientId)
        try await again.hello(name: "Ada")
        #expect(again.screen("profile")["values"]["lastName"].string == "Lovelace")
        for field in ["member", "name", "color"] {
            #expect(
                again.snapshot["you"][field] == room.ada.snapshot["you"][field], "the tab keeps its member id, name and colour")
        }
        #expect(again.snapshot["you"]["seq"].int == seq, "and learns that its edit was handled")
        // The client did not see its edit acknowledged, so it resends it.
        again.send(intent: seq, "profile", "edit", #""key":"lastName","value":"Lovelace""#)
        #expect(try await again.next(type: "ack")["reason"].string == "duplicate")
        #expect(try room.server.session(room.session)["revision"].int == 1)
        again.close()
    }

    @Test func aDuplicatedTabIsReplacedWith4001() async throws {
        let room = try await Room.open()
        defer { room.close() }
        let twin = try await ProtocolClient.join(room.server, session: room.session, clientId: room.ada.clientId)
        #expect(try await room.ada.closeCode() == CloseCode(rawValue: 4001))
        #expect(twin.snapshot["you"]["member"] == room.ada.snapshot["you"]["member"])
        twin.close()
    }

    @Test func aViewerSeesEverythingAndChangesNothing() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (id, viewer) = try server.createSessionCapabilities()
        let teacher = try await ProtocolClient.join(server, session: id, name: "Teacher")
        let student = try await ProtocolClient.join(server, session: viewer, name: "Student")
        #expect(student.snapshot["role"].string == "viewer")
        let seq = student.intent("profile", "focus", #""key":"firstName""#)
        let refused = try await student.next(type: "error")
        #expect(refused["code"].string == "read_only" && refused["seq"].int == seq)
        teacher.intent("profile", "focus", #""key":"lastName""#)
        _ = try await student.next(type: "update")
        #expect(student.screen("profile")["focus"].string == "lastName")
        #expect(try server.session(id)["revision"].int == 1, "only the teacher's change was applied")
        #expect(try server.session(viewer)["role"].string == "viewer")
        teacher.close()
        student.close()
    }

    @Test func historyShowsAnEarlierRevisionAndIsRateLimitedAlone() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let session = try server.createSession()
        let teacher = try await ProtocolClient.join(server, session: session)
        let student = try await ProtocolClient.join(server, session: session)
        teacher.intent("profile", "focus", #""key":"firstName""#)
        teacher.intent("profile", "edit", #""key":"firstName","value":"Ada""#)
        for _ in 0..<2 { _ = try await teacher.next(type: "update") }
        student.send(#"{"type":"history","revision":1}"#)
        let past = try await student.next(type: "past")
        #expect(past["revision"].int == 1 && past["latest"].int == 2 && past["earliest"].int == 0)
        #expect(past["state"]["screens"]["profile"]["focus"].string == "firstName")
        #expect(past["state"]["screens"]["profile"]["values"]["firstName"].string == "", "the text typed later is not there yet")
        // Ten a second: the eleventh in a burst is refused, and nothing else is.
        for _ in 0..<11 { student.send(#"{"type":"history","revision":0}"#) }
        var answered = 0
        var limited = 0
        while answered + limited < 11 {
            let message = try await student.next()
            if message["type"].string == "past" { answered += 1 }
            if message["code"].string == "rate_limited" { limited += 1 }
        }
        #expect(answered <= 10 && limited >= 1)
        let seq = student.intent("profile", "submit")
        #expect(try await student.next(type: "update")["seq"].int == seq, "intents still pass while history is limited")
        teacher.close()
        student.close()
    }
}
