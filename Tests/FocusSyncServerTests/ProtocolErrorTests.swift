import FocusProtocol
import Foundation
import TestSupport
import Testing
import WebSocketTransport

/// Bad input gets a clear error, the connection stays open, and nobody else sees anything.
@Suite("Protocol errors", .tags(.transport, .long))
struct ProtocolErrorTests {
    typealias Room = SessionProtocolTests.Room

    static let badMessages: [(String, String)] = [
        ("not json at all", "bad_json"),
        (#"{"type":"intent","screen":"ProfileForm","action":"submit"}"#, "bad_message"),
        (#"{"type":"intent","seq":1,"screen":"ProfileForm","action":"juggle"}"#, "unknown_action"),
        // A session running a source answers a screen it lacks as it does any screen not showing.
        (#"{"type":"intent","seq":1,"screen":"settings","action":"submit"}"#, "not_current_screen"),
        (#"{"type":"intent","seq":1,"screen":"ProfileForm","action":"focus","key":"middleName"}"#, "unknown_key"),
        (#"{"type":"intent","seq":1,"screen":"ProfileForm","action":"focus","key":"address"}"#, "unknown_key"),
        (#"{"type":"intent","seq":1,"screen":"ProfileForm","action":"tap","key":"c99"}"#, "unknown_key"),
        (#"{"type":"intent","seq":1,"screen":"ProfileForm","action":"navigate","to":"settings"}"#, "unknown_screen"),
        (#"{"type":"intent","seq":1,"screen":"CheckoutForm","action":"submit"}"#, "not_current_screen"),
        // The built-in screens' actions: a program's toolbar and rows are its own buttons.
        (#"{"type":"intent","seq":1,"screen":"ProfileForm","action":"addRow","list":"emails"}"#, "unknown_action"),
        (#"{"type":"intent","seq":1,"screen":"ProfileForm","action":"next"}"#, "unknown_action"),
        (
            #"{"type":"intent","seq":1,"screen":"ProfileForm","action":"configure","settings":{"darkMode":true}}"#,
            "unknown_action"
        ),
    ]

    @Test(arguments: badMessages)
    func badMessageGetsItsCodeAndChangesNothing(message: String, code: String) async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.socket.send(message)
        let error = try await room.ada.next(type: "error")
        #expect(error["code"].string == code)
        #expect(error["message"].string?.isEmpty == false)
        // Still open, nothing applied, and the others saw nothing: their next message is this update.
        room.ada.socket.send(#"{"type":"ping"}"#)
        #expect(try await room.ada.next(type: "pong")["type"].string == "pong")
        room.grace.intent(Seed.profile, "focus", #""key":"lastName""#)
        let update = try await room.update()
        #expect(update["revision"].int == 1)
    }

    @Test("A control of a row that is not there is unknown_key; a text past 10,000 characters is value_too_long")
    func unknownRowAndValueTooLong() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent(Seed.profile, "navigate", #""to":"\#(Seed.tasks)""#)
        _ = try await room.update()
        let row = try #require(room.ada.drawn.rows(of: "title").first)
        let delete = try #require(room.ada.key(titled: "Delete", row: row))
        let elsewhere = delete.replacingOccurrences(of: row, with: "6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55")
        for key in [elsewhere, delete.replacingOccurrences(of: row, with: "not-a-uuid")] {
            let seq = room.ada.intent(Seed.tasks, "tap", #""key":"\#(key)""#)
            let refused = try await room.ada.next(type: "error")
            #expect(refused["code"].string == "unknown_key" && refused["seq"].int == seq)
        }
        let seq = room.ada.intent(
            Seed.tasks, "edit", #""key":"title/\#(row)","value":"\#(String(repeating: "x", count: 10_001))""#)
        let tooLong = try await room.ada.next(type: "error")
        #expect(tooLong["code"].string == "value_too_long")
        #expect(tooLong["seq"].int == seq)
        // Nothing was applied: the next change is the first.
        room.grace.intent(Seed.tasks, "focus", #""key":"title/\#(row)""#)
        #expect(try await room.update()["revision"].int == 2)
        #expect(room.ada.value(of: "title/\(row)") == "Buy milk")
    }

    @Test("A list stops at 100 rows: the action that would add the 101st fails and changes nothing")
    func listsStopAtTheirMaximum() async throws {
        let room = try await Room.open()
        defer { room.close() }
        room.ada.intent(Seed.profile, "navigate", #""to":"\#(Seed.gift)""#)
        _ = try await room.update()
        let add = try #require(room.ada.key(titled: "Add new email"))
        var refusal = JSONValue.null
        for _ in 0..<120 where refusal.isNull {
            let seq = room.ada.intent(Seed.gift, "tap", #""key":"\#(add)""#)
            // Answered by its own update or by an error; the gift's timer may wake in between.
            while true {
                let answer = try await room.ada.next()
                if answer["type"].string == "error" { refusal = answer }
                if answer["seq"].int == seq { break }
            }
        }
        #expect(refusal["code"].string == "action_failed")
        #expect(refusal["message"].string?.contains("at most 100") == true, "\(refusal)")
        #expect(room.ada.drawn.rows(of: "email").count == 100)
    }

    @Test func intentBeforeHelloIsRefused() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await ProtocolClient.connect(server, session: try server.createSession())
        client.intent(Seed.profile, "submit")
        let error = try await client.next(type: "error")
        #expect(error["code"].string == "not_hello_first")
        try await client.hello()
        #expect(client.snapshot["type"].string == "snapshot")
    }

    @Test func aSecondHelloIsRefused() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await ProtocolClient.join(server, session: try server.createSession())
        client.socket.send(#"{"type":"hello","clientId":"someone-else-entirely"}"#)
        #expect(try await client.next(type: "error")["code"].string == "bad_message")
    }

    @Test func fullSessionRefusesWith4409() async throws {
        let server = try TestServer { $0.sessions.maxClientsPerSession = 2 }
        defer { server.stop() }
        let session = try server.createSession()
        let first = try await ProtocolClient.join(server, session: session)
        let second = try await ProtocolClient.join(server, session: session)
        let third = try await ProtocolClient.connect(server, session: session)
        #expect(try await third.next()["code"].string == "session_full")
        #expect(try await third.closeCode() == CloseCode(rawValue: 4409))
        first.close()
        second.close()
    }

    @Test func floodingIsRateLimitedThenClosedWith1008() async throws {
        let server = try TestServer { $0.sessions.messagesPerSecond = 10 }
        defer { server.stop() }
        let client = try await ProtocolClient.join(server, session: try server.createSession())
        for _ in 0..<30 { client.intent(Seed.profile, "focus", #""key":"firstName""#) }
        var limited: JSONValue = .null
        for _ in 0..<30 where limited.isNull {
            let message = try await client.next()
            if message["code"].string == "rate_limited" { limited = message }
        }
        #expect(limited["code"].string == "rate_limited")
        #expect((limited["seq"].int ?? 0) >= 20, "a refused intent's error names its seq")
        for _ in 0..<200 { client.socket.send(#"{"type":"ping"}"#) }
        let code = try await client.closeCode()
        #expect(code == .policyViolation, "closed with \(String(describing: code))")
    }

    @Test func aClientThatStopsReadingIsCoalescedNotAccumulated() async throws {
        let server = try TestServer { $0.sessions.messagesPerSecond = 100_000 }
        defer { server.stop() }
        let session = try server.createSession()
        let slow = try await ProtocolClient.join(server, session: session)
        let typist = try await ProtocolClient.join(server, session: session)
        _ = try await slow.next(type: "presence")
        slow.socket.setReading(false)
        let text = String(repeating: "y", count: 9_000)
        for index in 0..<2000 {
            typist.intent(Seed.profile, "edit", #""key":"firstName","value":"\#(index) \#(text)""#)
            if index % 50 == 49 { for _ in 0..<50 { _ = try await typist.next(type: "update") } }
        }
        let health = try JSONValue.parse(try server.get("/healthz").text)
        let largest = try #require(health["largestQueueBytes"].int)
        #expect(largest <= 1024 * 1024 + 64 * 1024, "a stalled client held \(largest) bytes")
        slow.socket.setReading(true)
        // It was sent no update while behind, and one snapshot once it caught up: it ends with
        // the final text.
        while slow.value(of: "firstName")?.hasPrefix("1999 ") != true {
            _ = try await slow.next()
        }
        #expect(slow.revision == 2000)
    }
}
