import FocusProtocol
import Foundation
import NetworkClients
import TestSupport
import Testing

/// A restart rebuilds and replays stored sessions on every core at once: each must come back as
/// it was, none mixed with another, none lost.
@Suite("Restoring many sessions", .tags(.transport, .long))
struct ManySessionsRestoreTests {
    /// A source of its own for session `index`: a restart compiles each anew, several at once.
    static func note(_ index: Int) -> String {
        """
        import SwiftUI

        struct Note\(index): View {
            @State private var firstName = ""

            var body: some View {
                Form {
                    TextField("Name \(index)", text: $firstName)
                }
            }
        }
        """
    }

    @Test(
        "After kill -9, forty sessions with different numbers of changes (half of them running sources of their own) come back each at its own revision and state"
    )
    func manySessionsAfterACrash() async throws {
        let folder = TemporaryFolder()
        let arguments = ["--data-dir", folder.path, "--rate-limit", "100000"]
        var process = try ServerProcess(arguments: arguments)
        defer { process.kill() }
        var sessions: [String] = []
        for index in 0..<40 {
            let ownSource = index.isMultiple(of: 2) ? nil : Self.note(index)
            let session = try SourceSessionDurabilityTests.create(port: process.port, source: ownSource)
            sessions.append(session)
            let client = try await ProtocolClient.join(port: process.port, session: session)
            let screen = ownSource == nil ? Seed.profile : "Note\(index)"
            // Two to five edits, so that sessions replay different numbers of changes.
            for edit in 0..<(2 + index % 4) {
                let seq = client.intent(screen, "edit", #""key":"firstName","value":"session \#(index), edit \#(edit)""#)
                var update = try await client.next(type: "update")
                while update["seq"].int != seq { update = try await client.next(type: "update") }
            }
            client.close()
        }
        func served(_ session: String) throws -> JSONValue {
            try JSONValue.parse(try HTTPClient.send(target: "/api/sessions/\(session)", port: process.port).text)
        }
        var before: [String: JSONValue] = [:]
        for session in sessions { before[session] = try served(session) }
        // No clean stop, so no snapshot at the end: every edit is replayed from the store.
        process.kill()
        process = try ServerProcess(arguments: arguments)

        for (index, session) in sessions.enumerated() {
            let after = try served(session)
            let stored = try #require(before[session])
            #expect(after["state"]["screen"].string == (index.isMultiple(of: 2) ? Seed.profile : "Note\(index)"))
            #expect(after["revision"] == stored["revision"], "session \(index)")
            #expect(after["state"].canonical == stored["state"].canonical, "session \(index)")
        }
        let health = try JSONValue.parse(try HTTPClient.send(target: "/healthz", port: process.port).text)
        #expect(health["sessions"].int == sessions.count)
    }
}
