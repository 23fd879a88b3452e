import FocusProtocol
import Foundation
import Glibc
import NetworkClients
import TestSupport
import Testing

/// The server killed inside a group commit (by the storage's crash point, between two writes of
/// a group of several submissions, before its `COMMIT`) loses nothing any client received.
@Suite("Durable sessions: killed inside a group commit", .tags(.transport))
struct GroupCommitCrashTests {
    @Test("SIGKILL inside a group commit: after the restart every confirmed change is there")
    func killedInsideAGroupCommit() async throws {
        let folder = TemporaryFolder()
        let arguments = ["--data-dir", folder.path, "--rate-limit", "100000"]
        var random = SplitMix64(seed: 23)
        var created: String?
        for round in 0..<3 {
            // The group to die in: a later one each round, on a log that grows across rounds.
            let group = 5 + Int(random.next() % 30)
            let process = try ServerProcess(arguments: arguments, environment: ["FOCUS_SYNC_KILL_IN_GROUP_COMMIT": String(group)])
            defer { process.kill() }
            if created == nil {
                let answer = try HTTPClient.send(method: "POST", target: "/api/sessions", port: process.port)
                created = try JSONValue.parse(answer.text)["id"].string
            }
            let session = try #require(created)
            let confirmed = try await typeUntilKilled(port: process.port, session: session, round: round)
            print("round \(round): killed inside group commit \(group), confirmed \(confirmed)")
            // A typist's read that timed out also ends the typing: the server must then still die
            // of its crash point, on its own. One it spared is killed here, so the test ends.
            let died = await eventually { !process.process.isRunning }
            #expect(died, "round \(round): the crash point should have killed the server")
            if !died { process.kill() }
            process.process.waitUntilExit()
            #expect(process.process.terminationReason == .uncaughtSignal, "round \(round): it died of a signal")
            #expect(process.process.terminationStatus == SIGKILL, "round \(round): SIGKILL, from the crash point")

            let restarted = try ServerProcess(arguments: arguments)
            defer { restarted.kill() }
            let reader = try await ProtocolClient.join(port: restarted.port, session: session)
            for (field, counter) in confirmed {
                let held = Int(reader.value(of: field)?.dropFirst(field.count + 1) ?? "") ?? -1
                #expect(held >= counter, "round \(round): \(field) holds \(held), but \(counter) was confirmed")
            }
            reader.close()
            restarted.terminate()
        }
    }

    /// Two typists edit their fields in bursts until the server dies; returns, per field, the
    /// counter of the last edit the server confirmed (the value each field must hold at least).
    private func typeUntilKilled(port: Int, session: String, round: Int) async throws -> [String: Int] {
        let fields = ["firstName", "lastName"]
        var clients: [ProtocolClient] = []
        for _ in fields { clients.append(try await ProtocolClient.join(port: port, session: session)) }
        var counters: [[Int: Int]] = fields.map { _ in [:] }
        var confirmedSeq = fields.map { _ in 0 }
        var seq = 0
        var alive = true
        var burst = 0
        let deadline = ContinuousClock.now + .seconds(30)
        while alive, ContinuousClock.now < deadline {
            defer { burst += 1 }
            for step in 0..<8 {
                seq += 1
                for (index, field) in fields.enumerated() {
                    let counter = (round * 100_000 + burst) * 10 + step
                    counters[index][seq] = counter
                    clients[index].send(intent: seq, Seed.profile, "edit", #""key":"\#(field)","value":"\#(field)-\#(counter)""#)
                }
            }
            // Read until each typist's burst is confirmed, or the connection drops with the server.
            for (index, client) in clients.enumerated() {
                while alive, confirmedSeq[index] < seq {
                    if let message = try? await client.next(timeout: .seconds(5)) {
                        DurabilityTests.confirm(message, by: client, into: &confirmedSeq[index])
                    } else {
                        alive = false
                    }
                }
            }
        }
        #expect(!alive, "the crash point should have killed the server")
        // What was received before the drop counts too.
        for (index, client) in clients.enumerated() {
            while let message = try? await client.next(timeout: .milliseconds(200)) {
                DurabilityTests.confirm(message, by: client, into: &confirmedSeq[index])
            }
            client.close()
        }
        var confirmed: [String: Int] = [:]
        for (index, field) in fields.enumerated() where confirmedSeq[index] > 0 {
            confirmed[field] = counters[index][confirmedSeq[index]]
        }
        return confirmed
    }
}
