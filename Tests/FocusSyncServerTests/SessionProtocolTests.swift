import FocusProtocol
import FocusSyncServer
import Foundation
import TestSupport
import Testing
import WebSocketTransport

/// Protocol v3 driven by three real WebSocket clients against a real server. Every test checks
/// what each client received, and that their replicas (snapshot plus patches) agree.
@Suite("Sessions over protocol v3", .tags(.transport, .long))
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
            #expect(client.screenName == Seed.profile)
            #expect(client.state["program"]["screens"] == .array(Seed.screens.map { .string($0) }))
            #expect(client.drawn.fieldKeys == ["firstName", "lastName"])
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
        room.ada.intent(Seed.profile, "focus", #""key":"firstName""#)
        let update = try await room.update()
        let everything = "\(room.grace.snapshot)\(update)"
        #expect(!everything.contains(room.ada.clientId))
        #expect(update["by"].string == room.ada.member)
    }

    @Test func everyClientSeesEveryChangeInRevisionOrder() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent(Seed.profile, "focus", #""key":"firstName""#)
        room.grace.intent(Seed.profile, "edit", #""key":"firstName","value":"Ada""#)
        room.alan.intent(Seed.profile, "focus", #""key":"lastName""#)
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
        room.ada.intent(Seed.profile, "focus", #""key":"firstName""#)
        var update = try await room.update()
        #expect(Self.focusMoves(update) == ["nil>firstName:tap"])
        #expect(update["by"].string == room.ada.member)
        #expect(room.ada.focusValue() == ".firstName")
        // The keyboard's toolbar shows while a field has focus.
        #expect(room.ada.drawn["keyboardToolbar"].array.compactMap { $0["title"].string } == ["Previous", "Next"])
        let next = try #require(room.ada.key(titled: "Next"))
        let previous = try #require(room.ada.key(titled: "Previous"))

        room.grace.intent(Seed.profile, "submit")
        update = try await room.update()
        #expect(Self.focusMoves(update) == ["firstName>lastName:submit"])

        room.alan.intent(Seed.profile, "submit")
        update = try await room.update()
        #expect(Self.focusMoves(update) == ["lastName>nil:submit"])
        #expect(room.ada.focused == nil && room.ada.focusValue() == "nil")
        #expect(room.ada.drawn["keyboardToolbar"].array.isEmpty)

        room.ada.intent(Seed.profile, "focus", #""key":"lastName""#)
        _ = try await room.update()
        // Next on the last field finds no field: its action changes nothing.
        let atEnd = room.ada.intent(Seed.profile, "tap", #""key":"\#(next)""#)
        let ack = try await room.ada.next(type: "ack")
        #expect(ack["seq"].int == atEnd)
        #expect(ack["reason"].string == "unchanged")
        room.ada.intent(Seed.profile, "tap", #""key":"\#(previous)""#)
        update = try await room.update()
        #expect(Self.focusMoves(update) == ["lastName>firstName:binding"])
        #expect(update["revision"].int == 5, "the acknowledged no-op must not raise the revision")
    }

    @Test("A plain assignment (the animated profile's move(to:)) passes through nil: two focus events and a keyboard dip")
    func animatedFocusChangeDipsThroughNil() async throws {
        let room = try await Room.open()
        defer { room.close() }
        let animated = try Seed.source(swapping: ["profile.swift": "profile-animated.swift"])
        #expect(try SourceSessionServerTests.replace(room.server, room.session, source: animated).status == 200)
        let replaced = try await room.update()
        #expect(replaced["patch"]["program"]["source"].string == animated)
        room.ada.intent(Seed.profile, "focus", #""key":"firstName""#)
        _ = try await room.update()
        room.grace.intent(Seed.profile, "submit")
        let moved = try await room.update()
        #expect(Self.focusMoves(moved) == ["firstName>nil:submit", "nil>lastName:submit"])
        #expect(moved["keyboardDips"] == .array([.string(Seed.profile)]))
    }

    @Test func checkoutProceedFocusesTheFirstInvalidField() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent(Seed.profile, "navigate", #""to":"\#(Seed.checkout)""#)
        let arrived = try await room.update()
        #expect(room.ada.screenName == Seed.checkout)
        #expect(Self.focusMoves(arrived) == ["nil>name:autoFocus"], "onAppear focuses Name")
        #expect(room.ada.focused == "name")
        room.ada.intent(Seed.checkout, "edit", #""key":"name","value":"Ada Lovelace""#)
        room.ada.intent(Seed.checkout, "edit", #""key":"phone","value":"+44 20 7946 0000""#)
        _ = try await room.update()
        _ = try await room.update()
        room.grace.intent(Seed.checkout, "focus", #""key":"phone""#)
        _ = try await room.update()
        let proceed = try #require(room.ada.key(titled: "Proceed to Gift Message"))
        room.grace.intent(Seed.checkout, "tap", #""key":"\#(proceed)""#)
        let validated = try await room.update()
        #expect(Self.focusMoves(validated) == ["phone>address:binding"], "the empty Address is the first to fix")
        room.alan.intent(Seed.checkout, "edit", #""key":"address","value":"1 Main St""#)
        _ = try await room.update()
        #expect(room.ada.value(of: "address") == "1 Main St")
        room.alan.intent(Seed.checkout, "tap", #""key":"\#(proceed)""#)
        #expect(Self.focusMoves(try await room.update()) == ["address>nil:binding"], "every field valid: focus is let go")
    }

    @Test("The ambiguous checkout (Address bound to .name too): warnings, .name lands in Address, Return lets go")
    func ambiguousBindingShowsItsSymptomsAndADiagnostic() async throws {
        let room = try await Room.open()
        defer { room.close() }
        let ambiguous = try Seed.source(swapping: ["checkout.swift": "checkout-ambiguous.swift"])
        #expect(try SourceSessionServerTests.replace(room.server, room.session, source: ambiguous).status == 200)
        _ = try await room.update()
        let warnings = room.ada.state["program"]["diagnostics"].array.filter { $0["severity"].string == "warning" }
        #expect(warnings.contains { $0["message"].string?.hasPrefix("Two fields are bound to `.name`") == true })
        #expect(warnings.contains { $0["message"].string?.hasPrefix("no field is bound to `.address`") == true })
        // Symptom 1: arriving on checkout focuses .name, which lands on the Address field.
        room.ada.intent(Seed.profile, "navigate", #""to":"\#(Seed.checkout)""#)
        _ = try await room.update()
        #expect(room.ada.focusValue() == ".name")
        #expect(room.ada.focused == "address")
        // Symptom 2: Return asks for .address, which no field answers to: focus is let go.
        room.grace.intent(Seed.checkout, "submit")
        #expect(Self.focusMoves(try await room.update()) == ["address>nil:submit"])
    }

    @Test func giftAutoFocusLandsOnEveryClientFromTheServer() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent(Seed.profile, "navigate", #""to":"\#(Seed.gift)""#)
        let arrived = try await room.update()
        #expect(arrived["events"].array.contains { $0["kind"].string == "timerSet" && $0["afterMilliseconds"].int == 750 })
        #expect(room.ada.focused == nil)
        let landed = try await room.update()
        #expect(landed["by"].isNull && landed["seq"].isNull)
        #expect(Self.focusMoves(landed) == ["nil>message:autoFocus"])
        #expect(room.ada.focused == "message")
    }

    @Test func rowsAreAddedFocusedAndRemoved() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent(Seed.profile, "navigate", #""to":"\#(Seed.tasks)""#)
        _ = try await room.update()
        let before = room.ada.drawn.rows(of: "title")
        #expect(before.count == 3)
        let add = try #require(room.ada.key(titled: "New Reminder"))
        room.grace.intent(Seed.tasks, "tap", #""key":"\#(add)""#)
        let added = try await room.update()
        let rows = room.ada.drawn.rows(of: "title")
        let newRow = try #require(rows.last)
        #expect(rows.count == before.count + 1 && Array(rows.prefix(before.count)) == before)
        #expect(room.ada.focused == "title/\(newRow)")
        #expect(Self.focusMoves(added) == ["nil>title/\(newRow):binding"])
        // The focused row shows its notes field; away from it, its notes are Markdown for the page to draw.
        let notes = "**soon** <script>alert(1)</script> [x](javascript:alert(1))"
        room.alan.intent(Seed.tasks, "edit", #""key":"notes/\#(newRow)","value":\#(JSONValue.string(notes))"#)
        _ = try await room.update()
        #expect(room.ada.value(of: "notes/\(newRow)") == notes)
        room.alan.intent(Seed.tasks, "focus", #""key":"title/\#(before[0])""#)
        _ = try await room.update()
        let shown = room.ada.drawn.drawnViews.first { $0["kind"].string == "text" && $0["title"].string == notes }
        #expect(shown?["markdown"] == .bool(true), "the notes as drawn text: \(String(describing: shown))")
        #expect(room.ada.value(of: "notes/\(newRow)") == nil, "no notes field while the row has no focus")

        room.alan.intent(Seed.tasks, "focus", #""key":"title/\#(newRow)""#)
        _ = try await room.update()
        let delete = try #require(room.ada.key(titled: "Delete", row: newRow))
        room.alan.intent(Seed.tasks, "tap", #""key":"\#(delete)""#)
        let removed = try await room.update()
        // No reminder takes the deleted one's place: focus moves to the same field of the one before it.
        #expect(Self.focusMoves(removed) == ["title/\(newRow)>title/\(before[2]):binding"])
        #expect(room.ada.drawn.rows(of: "title") == before)
        #expect(room.ada.focused == "title/\(before[2])")
        #expect(
            !room.ada.drawn.drawnViews.contains { $0["key"].string?.hasSuffix(newRow) == true || $0["title"].string == notes },
            "the removed row's fields and notes are gone")
    }

    @Test func duplicateSeqIsAcknowledgedNotAppliedTwice() async throws {
        let room = try await Room.open()
        defer { room.close() }
        let seq = room.ada.intent(Seed.profile, "edit", #""key":"firstName","value":"Ada""#)
        _ = try await room.update()
        room.ada.send(intent: seq, Seed.profile, "edit", #""key":"firstName","value":"Ada""#)
        let ack = try await room.ada.next(type: "ack")
        #expect(ack["seq"].int == seq)
        #expect(ack["reason"].string == "duplicate")
        room.grace.intent(Seed.profile, "focus", #""key":"lastName""#)
        #expect(try await room.update()["revision"].int == 2)
    }

    @Test func aResentEditAfterReconnectArrivesOnce() async throws {
        let room = try await Room.open()
        defer { room.close() }
        let seq = room.ada.intent(Seed.profile, "edit", #""key":"lastName","value":"Lovelace""#)
        room.ada.close()
        // Grace and Alan see the edit once.
        _ = try await room.grace.next(type: "update")
        #expect(room.grace.value(of: "lastName") == "Lovelace")
        _ = try await room.alan.next(type: "update")
        let again = try await ProtocolClient.connect(room.server, session: room.session, clientId: room.ada.clientId)
        try await again.hello(name: "Ada")
        #expect(again.value(of: "lastName") == "Lovelace")
        for field in ["member", "name", "color"] {
            #expect(
                again.snapshot["you"][field] == room.ada.snapshot["you"][field], "the tab keeps its member id, name and colour")
        }
        #expect(again.snapshot["you"]["seq"].int == seq, "and learns that its edit was handled")
        // The client did not see its edit acknowledged, so it resends it.
        again.send(intent: seq, Seed.profile, "edit", #""key":"lastName","value":"Lovelace""#)
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
        let seq = student.intent(Seed.profile, "focus", #""key":"firstName""#)
        let refused = try await student.next(type: "error")
        #expect(refused["code"].string == "read_only" && refused["seq"].int == seq)
        teacher.intent(Seed.profile, "focus", #""key":"lastName""#)
        _ = try await student.next(type: "update")
        #expect(student.focused == "lastName")
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
        teacher.intent(Seed.profile, "focus", #""key":"firstName""#)
        teacher.intent(Seed.profile, "edit", #""key":"firstName","value":"Ada""#)
        for _ in 0..<2 { _ = try await teacher.next(type: "update") }
        student.send(#"{"type":"history","revision":1}"#)
        let past = try await student.next(type: "past")
        #expect(past["revision"].int == 1 && past["latest"].int == 2 && past["earliest"].int == 0)
        #expect(past["state"]["program"]["drawn"]["focused"].string == "firstName")
        #expect(past["state"]["program"]["drawn"].value(of: "firstName") == "", "the text typed later is not there yet")
        // Ten a second: a burst past the ten is refused, and nothing else is. Each answer takes
        // a replay, so a slow machine refills the limit meanwhile: what passes is bounded by
        // the time the burst took.
        let burst = 25
        let started = ContinuousClock.now
        for _ in 0..<burst { student.send(#"{"type":"history","revision":0}"#) }
        var answered = 0
        var limited = 0
        while answered + limited < burst {
            let message = try await student.next()
            if message["type"].string == "past" { answered += 1 }
            if message["code"].string == "rate_limited" { limited += 1 }
        }
        let elapsed = ContinuousClock.now - started
        let refilled = Int((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) * 10) + 1
        #expect(limited >= 1 && answered <= 10 + refilled, "\(answered) answered in \(elapsed)")
        let seq = student.intent(Seed.profile, "submit")
        #expect(try await student.next(type: "update")["seq"].int == seq, "intents still pass while history is limited")
        teacher.close()
        student.close()
    }
}
