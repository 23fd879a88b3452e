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
        // What a snapshot holds before any change: the members' names, once each, and the source.
        let unchanged = typist.lastMessageBytes
        for index in 1...600 {
            typist.intent(Seed.profile, "edit", #""key":"firstName","value":"\#(index)""#)
            if index % 100 == 0 {
                for _ in 0..<100 { _ = try await typist.next(type: "update") }
                // Another client's request is answered while the stalled members hold their queues.
                #expect(try server.get("/healthz").status == 200)
            }
        }
        // Every log entry names its author by member id; names travel once, in `members`.
        let newcomer = try await ProtocolClient.join(server, session: session)
        let grown = newcomer.lastMessageBytes - unchanged
        #expect(grown < 200 * 200, "600 changes by a swollen name add \(grown) bytes to a snapshot, 200 log entries")
        let entries = newcomer.snapshot["log"].array
        #expect(entries.count == 200)
        #expect(entries.allSatisfy { Set($0.members.keys) == ["revision", "at", "by", "seq", "event"] })
        typist.intent(Seed.profile, "focus", #""key":"lastName""#)
        _ = try await newcomer.next(type: "update")
        #expect(newcomer.lastMessageBytes < 1024, "an update names nobody: \(newcomer.lastMessageBytes) bytes")
        for member in stalled { member.close() }
        typist.close()
        newcomer.close()
    }

    @Test("Huge notes travel with their edit, bounded, and never with a focus change")
    func notesThatRenderHugeAreBoundedAndSentOnlyWhenTheyChange() async throws {
        let server = try TestServer { $0.sessions.messagesPerSecond = 100_000 }
        defer { server.stop() }
        let session = try server.createSession()
        let writer = try await ProtocolClient.join(server, session: session)
        let reader = try await ProtocolClient.join(server, session: session)
        writer.intent(Seed.profile, "navigate", #""to":"\#(Seed.tasks)""#)
        _ = try await reader.next(type: "update")
        let row = try #require(reader.drawn.rows(of: "title").first)
        // A reminder shows its notes field while it has focus.
        writer.intent(Seed.tasks, "focus", #""key":"title/\#(row)""#)
        _ = try await reader.next(type: "update")
        // 5,000 nested quotes: Markdown that renders to about 14 times its bytes of HTML. The
        // server renders none: the page draws a program's Markdown.
        let quotes = String(repeating: "> ", count: 4_999)
        writer.intent(Seed.tasks, "edit", #""key":"notes/\#(row)","value":"\#(quotes)""#)
        _ = try await reader.next(type: "update")
        #expect(reader.value(of: "notes/\(row)") == quotes)
        // The text as drawn, as edited and as the list's state value: three copies, no rendering.
        #expect(reader.lastMessageBytes < 3 * quotes.utf8.count + 8 * 1024, "the update is \(reader.lastMessageBytes) bytes")
        writer.intent(Seed.tasks, "focus", #""key":"notes/\#(row)""#)
        let focused = try await reader.next(type: "update")
        #expect(focused["patch"]["program"]["drawn"]["content"] == .null, "a focus change sends no notes")
        #expect(
            reader.lastMessageBytes < 1024, "a focus intent is answered with a small update: \(reader.lastMessageBytes) bytes")
        writer.close()
        reader.close()
    }
}
