import FocusProtocol
import FocusSyncServer
import Foundation
import NetworkClients
import TestSupport
import Testing
import WebSocketTransport

/// A restart or a crash loses nothing anyone saw: every change any client received is in the
/// store before the client received it.
@Suite("Durable sessions", .tags(.transport, .long))
struct DurabilityTests {
    static func persistent(_ folder: TemporaryFolder) -> (inout ServerOptions) -> Void {
        { options in
            options.inMemory = false
            options.dataDirectory = folder.path
        }
    }

    @Test("After a restart on the same folder a session has the same id, revision, state, members and seqs")
    func restart() async throws {
        let folder = TemporaryFolder()
        var server = try TestServer(configure: Self.persistent(folder))
        let (id, viewer) = try server.createSessionCapabilities()
        let ada = try await ProtocolClient.join(server, session: id, name: "Ada")
        let grace = try await ProtocolClient.join(server, session: id, name: "Grace")
        // A button's key is read from the screen as drawn when its move comes; `waits` for the
        // gift message's focus, a change of the server's own 0.75 s after the screen appears.
        let moves: [(ProtocolClient, String, String, () -> String, waits: Bool)] = [
            (ada, Seed.profile, "edit", { #""key":"firstName","value":"Ada""# }, false),
            (grace, Seed.profile, "focus", { #""key":"lastName""# }, false),
            (ada, Seed.profile, "navigate", { #""to":"\#(Seed.checkout)""# }, false),
            (grace, Seed.checkout, "edit", { #""key":"name","value":"Ada Lovelace""# }, false),
            (ada, Seed.checkout, "tap", { #""key":"\#(ada.key(titled: "Proceed to Gift Message") ?? "")""# }, false),
            (ada, Seed.checkout, "navigate", { #""to":"\#(Seed.gift)""# }, true),
            (grace, Seed.gift, "tap", { #""key":"\#(ada.key(titled: "Add new email") ?? "")""# }, false),
            (ada, Seed.gift, "navigate", { #""to":"\#(Seed.tasks)""# }, false),
            (grace, Seed.tasks, "tap", { #""key":"\#(ada.key(titled: "New Reminder") ?? "")""# }, false),
        ]
        for (client, screen, action, fields, waits) in moves {
            let seq = client.intent(screen, action, fields())
            for member in [ada, grace] {
                var update = try await member.next(type: "update")
                while update["by"].string != client.member || update["seq"].int != seq {
                    update = try await member.next(type: "update")
                }
                if waits { while try await member.next(type: "update")["by"] != .null {} }
            }
        }
        #expect(ada.focused?.hasPrefix("title/") == true, "the new reminder's title has focus")
        let before = try server.session(id)
        let lastSeq = ada.seq
        ada.close()
        grace.close()
        server.stop()

        server = try TestServer(configure: Self.persistent(folder))
        defer { server.stop() }
        let after = try server.session(id)
        #expect(after["revision"] == before["revision"])
        #expect(after["state"].canonical == before["state"].canonical)
        #expect(try server.session(viewer)["role"].string == "viewer", "the viewer capability survives too")

        let again = try await ProtocolClient.join(server, session: id, clientId: ada.clientId)
        for field in ["member", "name", "color"] {
            #expect(again.snapshot["you"][field] == ada.snapshot["you"][field], "same member id, name and colour")
        }
        #expect(again.snapshot["you"]["seq"].int == lastSeq, "the snapshot says which of its intents the session handled")
        #expect(again.snapshot["members"].array.count == 2)
        again.send(intent: lastSeq, Seed.tasks, "submit")
        #expect(
            try await again.next(type: "ack")["reason"].string == "duplicate", "a resend after the restart is not applied twice")
        #expect(try server.session(id)["revision"] == before["revision"])
        again.close()
    }

    /// Raises `confirmed` to the `seq` of `message` when it answers one of `client`'s intents.
    static func confirm(_ message: JSONValue, by client: ProtocolClient, into confirmed: inout Int) {
        let mine = message["by"].string == client.member || message["type"].string == "ack"
        if let seq = message["seq"].int, mine { confirmed = max(confirmed, seq) }
    }

    @Test("kill -9 at random moments, thirty times: every change a client received survives, and everyone converges")
    func crashes() async throws {
        let folder = TemporaryFolder()
        var process = try ServerProcess(arguments: ["--data-dir", folder.path, "--rate-limit", "100000"])
        let created = try HTTPClient.send(method: "POST", target: "/api/sessions", port: process.port)
        let session = try #require(try JSONValue.parse(created.text)["id"].string)
        let typists = [("firstName", ProtocolClient.newClientId()), ("lastName", ProtocolClient.newClientId())]
        /// Per typist: the counter of each intent sent, by seq, and the highest seq the server confirmed.
        var sent: [[Int: Int]] = [[:], [:]]
        var confirmed = [0, 0]
        var seqs = [0, 0]
        var random = SplitMix64(seed: 2026)
        /// Intents the crash caught in flight: sent, never confirmed before the kill.
        var caughtInFlight = 0
        defer { process.kill() }

        for round in 0..<30 {
            var clients: [ProtocolClient] = []
            for (_, clientId) in typists {
                clients.append(try await ProtocolClient.join(port: process.port, session: session, clientId: clientId))
            }
            // What the restored server holds must include everything confirmed before the crash.
            for (index, (field, _)) in typists.enumerated() {
                let value = clients[index].value(of: field) ?? ""
                let held = Int(value.dropFirst(field.count + 1)) ?? 0
                #expect(
                    held >= (sent[index][confirmed[index]] ?? 0), "round \(round): \(field) lost a confirmed change (\(value))")
                // Resend whatever was never confirmed, with its own seq.
                for seq in sent[index].keys.sorted() where seq > confirmed[index] {
                    clients[index].send(
                        intent: seq, Seed.profile, "edit", #""key":"\#(field)","value":"\#(field)-\#(sent[index][seq]!)""#)
                }
            }
            // Type a burst, and kill the server somewhere in the middle of it.
            let burst = 5 + Int(random.next() % 40)
            let burstStart = typists.indices.map { max(seqs[$0], sent[$0].keys.max() ?? 0) + 1 }
            for step in 0..<burst {
                for (index, (field, _)) in typists.enumerated() {
                    seqs[index] = max(seqs[index], sent[index].keys.max() ?? 0) + 1
                    let counter = round * 1_000 + step
                    sent[index][seqs[index]] = counter
                    clients[index].send(
                        intent: seqs[index], Seed.profile, "edit", #""key":"\#(field)","value":"\#(field)-\#(counter)""#)
                }
            }
            // The moment: once each typist has seen a random number of its burst's first half applied.
            let applied = Int(random.next() % UInt64(burst / 2 + 1))
            for (index, client) in clients.enumerated() {
                while confirmed[index] < burstStart[index] + applied - 1 {
                    Self.confirm(try await client.next(), by: client, into: &confirmed[index])
                }
            }
            process.kill()
            // Read everything each client received before the connection dropped.
            for (index, client) in clients.enumerated() {
                while let message = try? await client.next(timeout: .seconds(2)) {
                    Self.confirm(message, by: client, into: &confirmed[index])
                }
                caughtInFlight += seqs[index] - confirmed[index]
            }
            process = try ServerProcess(arguments: ["--data-dir", folder.path, "--rate-limit", "100000"])
        }
        print("kill -9 thirty times: \(caughtInFlight) intents caught in flight, seqs confirmed \(confirmed)")
        #expect(caughtInFlight > 0, "the kills should catch some intents in flight")
        #expect(confirmed.allSatisfy { $0 > 100 }, "and come after many confirmed ones: \(confirmed)")
        // After the last restart everyone converges on the last value each typist sent.
        let final = try await ProtocolClient.join(port: process.port, session: session)
        var clients: [ProtocolClient] = []
        for (index, (field, clientId)) in typists.enumerated() {
            let client = try await ProtocolClient.join(port: process.port, session: session, clientId: clientId)
            for seq in sent[index].keys.sorted() where seq > confirmed[index] {
                client.send(intent: seq, Seed.profile, "edit", #""key":"\#(field)","value":"\#(field)-\#(sent[index][seq]!)""#)
            }
            clients.append(client)
        }
        for (index, (field, _)) in typists.enumerated() {
            let last = sent[index][sent[index].keys.max()!]!
            while final.value(of: field) != "\(field)-\(last)" {
                _ = try await final.next(timeout: .seconds(5))
            }
        }
        let served = try JSONValue.parse(try HTTPClient.send(target: "/api/sessions/\(session)", port: process.port).text)
        #expect(final.state.canonical == served["state"].canonical)
        for client in clients { client.close() }
        final.close()
    }

    /// Hours of idleness on a clock the test moves.
    @Test("An expired session is deleted from the store too")
    func expiryDeletes() async throws {
        let folder = TemporaryFolder()
        let time = MovableClock()
        var server = try TestServer(clock: time.clock) {
            Self.persistent(folder)(&$0)
            $0.sessions.idleTTLSeconds = 3_600
            $0.expirySweepSeconds = 0.1
        }
        let id = try server.createSession()
        let client = try await ProtocolClient.join(server, session: id)
        client.close()
        // Each look moves the clock past the TTL again: the close may be handled after a move.
        #expect(
            await eventually(timeout: .seconds(5)) {
                time.advance(bySeconds: 3_601)
                return (try? server.get("/api/sessions/\(id)").status) == 404
            })
        server.stop()
        server = try TestServer(configure: Self.persistent(folder))
        defer { server.stop() }
        #expect(try server.get("/api/sessions/\(id)").status == 404, "an expired session does not come back")
    }

    @Test("/healthz names the store")
    func healthNamesTheStore() throws {
        let folder = TemporaryFolder()
        let server = try TestServer(configure: Self.persistent(folder))
        defer { server.stop() }
        let health = try JSONValue.parse(try server.get("/healthz").text)
        #expect(health["status"].string == "ok")
        #expect(health["storage"]["kind"].string == "sqlite")
        #expect(health["storage"]["location"].string == folder.databasePath)
        #expect(health["notDurableSessions"].int == 0)
    }
}
