import FocusCore
import FocusProtocol
import Foundation
import TestSupport
import Testing

/// Three real clients type into one field at once, each a thousand characters, one splice per
/// character, as fast as the rate limit lets them: every character arrives, each typist's in its
/// own order.
@Suite("Lossless typing over the wire", .tags(.transport, .long))
struct LosslessTypingTests {
    /// One typist: a real connection and the page's own client for the field.
    final class Typist: @unchecked Sendable {
        let connection: ProtocolClient
        var client: SpliceClient
        var inFlight: Int?
        var inFlightBase = 0
        var typed = 0
        let letters: [Character]
        var rateLimited = 0
        var staleBases = 0

        init(connection: ProtocolClient, letters: [Character]) {
            self.connection = connection
            self.letters = letters
            client = SpliceClient(
                member: connection.member ?? "", text: connection.value(of: "firstName") ?? "",
                revision: connection.revision)
        }

        func send(_ outgoing: OutgoingSplice?) {
            guard let outgoing else { return }
            let splice = outgoing.splice
            let insert = JSONValue.string(splice.insert)
            inFlight = connection.intent(
                Seed.profile, "splice",
                #""key":"firstName","base":\#(outgoing.base),"at":\#(splice.at),"delete":\#(splice.delete),"insert":\#(insert)"#)
            inFlightBase = outgoing.base
        }

        /// Types the next character right after its own last one (at the end of its own run).
        func typeNext() {
            let letter = letters[typed]
            typed += 1
            let own = Set(letters[..<(typed - 1)])
            var caret = 0
            var offset = 0
            for character in client.text {
                offset += character.utf16.count
                if own.contains(character) { caret = offset }
            }
            send(client.edit(TextSplice(at: caret, insert: String(letter))))
        }

        /// Handles one message; true when its splice in flight was answered.
        func handle(_ message: JSONValue) async throws -> Bool {
            let ops = message["events"].array.filter { $0["key"].string == "firstName" }.flatMap { $0["ops"].array }.compactMap {
                op -> TextSplice? in
                guard let at = op["at"].int, let delete = op["delete"].int, let insert = op["insert"].string else { return nil }
                return TextSplice(at: at, delete: delete, insert: insert)
            }
            switch message["type"].string {
            case "update":
                let revision = message["revision"].int ?? 0
                if message["by"].string == client.member, message["seq"].int == inFlight {
                    // Others' splices came in between: the server transformed this one.
                    if revision > inFlightBase + 1 { staleBases += 1 }
                    inFlight = nil
                    send(client.acknowledge(revision: revision, applied: ops))
                    return true
                }
                client.receive(ops, revision: revision, member: message["by"].string ?? "")
            case "error" where message["seq"].int == inFlight:
                #expect(message["code"].string == "rate_limited", "\(message)")
                rateLimited += 1
                try await Task.sleep(for: .milliseconds(20))
                send(client.resendable)
            default:
                break
            }
            return false
        }
    }

    @Test func threeTypistsLoseNothing() async throws {
        // The default limit: 100 messages a second, bursts of 200.
        let server = try TestServer()
        defer { server.stop() }
        let session = try server.createSession()
        var typists: [Typist] = []
        for base in [0x4E00, 0x5400, 0xAC00] {
            let connection = try await ProtocolClient.join(server, session: session)
            // A thousand distinct characters per typist, so each one can be found afterwards.
            let letters = (0..<1_000).map { Character(Unicode.Scalar(UInt32(base + $0))!) }
            typists.append(Typist(connection: connection, letters: letters))
        }
        for typist in typists { typist.typeNext() }
        // Round robin: each typist reads what has arrived and types again once answered.
        while typists.contains(where: { $0.typed < 1_000 || $0.inFlight != nil || $0.client.state != .synchronized }) {
            for typist in typists {
                guard let message = try? await typist.connection.next(timeout: .milliseconds(2)) else { continue }
                if try await typist.handle(message), typist.typed < 1_000, typist.inFlight == nil {
                    typist.typeNext()
                }
            }
        }
        let body = try server.session(session)
        let final = body["state"]["program"]["drawn"].value(of: "firstName") ?? ""
        // The others' last updates may still be on their way to a typist that is done.
        let revision = body["revision"].int ?? 0
        for typist in typists {
            while typist.client.revision < revision {
                _ = try await typist.handle(try await typist.connection.next())
            }
        }
        #expect(final.count == 3_000, "all 3,000 characters arrive (got \(final.count))")
        for typist in typists {
            let mine = final.filter { typist.letters.contains($0) }
            #expect(Array(mine) == typist.letters, "each typist's characters in its own order")
            // Compared outside #expect, so a failure prints a length rather than 3,000 characters.
            let same = typist.client.text == final
            #expect(same, "and every page shows the server's text (it has \(typist.client.text.count) characters)")
        }
        #expect(typists.map(\.staleBases).reduce(0, +) > 100, "the typists' bases were stale: \(typists.map(\.staleBases))")
        print("rate limited: \(typists.map(\.rateLimited)), stale bases: \(typists.map(\.staleBases))")
        for typist in typists { typist.connection.close() }
    }
}
