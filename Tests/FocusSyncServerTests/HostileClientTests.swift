import FocusProtocol
import Foundation
import TestSupport
import Testing

/// The faults a hostile client found in the first wave (issue 15, faults 1 and 2), tried again
/// over real sockets: one member must not be able to make everyone else's messages huge or
/// stall the server.
@Suite("Hostile members", .tags(.transport))
struct HostileClientTests {
    /// A name of one letter and 30,000 combining marks: 40 "characters" of 60 KB before names
    /// were bounded in bytes.
    static let swollenName = "Z" + String(repeating: "\u{0301}", count: 30_000)

    @Test func swollenNamesAndStalledMembersCannotGrowWhatOthersReceive() async throws {
        let server = try TestServer { $0.sessions.messagesPerSecond = 100_000 }
        defer { server.stop() }
        let session = try server.createSession()
        var stalled: [ProtocolClient] = []
        for _ in 0..<3 {
            let member = try await ProtocolClient.join(server, session: session, name: Self.swollenName)
            #expect(member.snapshot["you"]["name"].string.map { $0.utf8.count <= 120 } == true, "a name is kept to 120 bytes")
            member.socket.setReading(false)
            stalled.append(member)
        }
        let typist = try await ProtocolClient.join(server, session: session, name: Self.swollenName)
        for index in 1...600 {
            typist.intent("profile", "edit", #""key":"firstName","value":"\#(index)""#)
            if index % 100 == 0 {
                for _ in 0..<100 { _ = try await typist.next(type: "update") }
                // Another client's request is answered while the stalled members hold their queues.
                #expect(try server.get("/healthz").status == 200)
            }
        }
        // Every log entry names its author by member id; names travel once, in `members`.
        let newcomer = try await ProtocolClient.join(server, session: session)
        let snapshotBytes = newcomer.lastMessageBytes
        #expect(snapshotBytes < 64 * 1024, "a snapshot after 600 changes by a swollen name is \(snapshotBytes) bytes")
        let entries = newcomer.snapshot["log"].array
        #expect(entries.count == 200)
        #expect(entries.allSatisfy { Set($0.members.keys) == ["revision", "at", "by", "seq", "event"] })
        typist.intent("profile", "focus", #""key":"lastName""#)
        _ = try await newcomer.next(type: "update")
        #expect(newcomer.lastMessageBytes < 1024, "an update names nobody: \(newcomer.lastMessageBytes) bytes")
        for member in stalled { member.close() }
        typist.close()
        newcomer.close()
    }

    @Test func notesThatRenderHugeAreBoundedAndSentOnlyWhenTheyChange() async throws {
        let server = try TestServer { $0.sessions.messagesPerSecond = 100_000 }
        defer { server.stop() }
        let session = try server.createSession()
        let writer = try await ProtocolClient.join(server, session: session)
        let reader = try await ProtocolClient.join(server, session: session)
        writer.intent("profile", "navigate", #""to":"tasks""#)
        _ = try await reader.next(type: "update")
        let rows = reader.screen("tasks")["rows"]["tasks"].array.compactMap(\.string)
        let row = try #require(rows.first)
        // 5,000 nested quotes: about 14 times as many bytes of HTML as of Markdown, unbounded.
        let quotes = String(repeating: "> ", count: 4_999)
        writer.intent("tasks", "edit", #""key":"notes/\#(row)","value":"\#(quotes)""#)
        let edited = try await reader.next(type: "update")
        let html = edited["patch"]["screens"]["tasks"]["notesHTML"][row].string ?? ""
        #expect(html.utf8.count <= 16 * 1024, "a note's HTML is bounded: \(html.utf8.count) bytes")
        #expect(reader.lastMessageBytes < 16 * 1024 + 2 * quotes.utf8.count, "the update carries the text once and bounded HTML")
        writer.intent("tasks", "focus", #""key":"title/\#(row)""#)
        let focused = try await reader.next(type: "update")
        #expect(focused["patch"]["screens"]["tasks"]["notesHTML"] == .null, "a focus change sends no notes")
        #expect(
            reader.lastMessageBytes < 1024, "a focus intent is answered with a small update: \(reader.lastMessageBytes) bytes")
        writer.close()
        reader.close()
    }
}
