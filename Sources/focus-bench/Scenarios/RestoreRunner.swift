import Foundation

/// `restore-1000x1000`: has the server itself write a data folder of S sessions × C changes, then
/// times restarts on it: from starting `focus-sync --data-dir` to `/healthz` answering with every
/// session restored.
///
/// The folder is written as a restore finds it at its worst. The server stores a session's
/// snapshot every 250 changes and at a clean stop, so a restore replays at most 249 changes a
/// session, after a crash. So every session gets one change (a focus tap), the server is
/// stopped with SIGTERM (snapshots at revision 1), then C − 1 edits of 200 characters
/// (snapshots at 251, 501, 751 for C = 1,000) and the server is killed with SIGKILL: 249
/// changes a session to replay. One start and SIGKILL applies what the crash left in the store's
/// pending log; each timed restart is ended with SIGKILL too, so every one finds the folder as
/// that crash left it.
struct RestoreRunner {
    let options: BenchOptions

    /// The server stores a session's snapshot every this many changes (`SessionHost.snapshotInterval`).
    static let serverSnapshotInterval = 250

    /// Arguments for a server on `folder`: the common ones and the closed loop's rate limit
    /// (drivers send as fast as their updates come back), then any `--server-arg`s.
    private func launch(_ folder: String, startSeconds: Double = 15) -> ServerProcess.Launch {
        var launch = options.launch(
            scenarioArguments: ["--rate-limit", "1000000", "--data-dir", folder], variant: nil)
        launch.startSeconds = startSeconds
        return launch
    }

    func run(_ name: String, sessions: Int, changesPerSession: Int) throws(BenchError) -> RestoreReport {
        let folder =
            options.restoreFolder
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("focus-bench-restore-\(UUID().uuidString)").path
        defer { if options.restoreFolder == nil { try? FileManager.default.removeItem(atPath: folder) } }
        var notes: [String] = []
        var prepared: (seconds: Double, ids: [String])?
        if FileManager.default.fileExists(atPath: folder + "/focus-sync.sqlite3") {
            progress("\(folder) holds a database already: measuring it as it is")
            notes.append("measured the data folder of an earlier run (\(folder)) as it was")
        } else {
            let started = MonotonicClock.nanoseconds()
            let existed = FileManager.default.fileExists(atPath: folder)
            do throws(BenchError) {
                let ids = try prepare(folder, sessions: sessions, changesPerSession: changesPerSession)
                prepared = (Double(MonotonicClock.nanoseconds() - started) / 1e9, ids)
            } catch {
                // Half a folder must not pass for a prepared one in the next run.
                if !existed { try? FileManager.default.removeItem(atPath: folder) }
                throw error
            }
        }
        let bytes = ServerProcess.databaseBytes(in: folder)

        var seconds: [Double] = []
        var cpuSeconds: [Double] = []
        var residentKB: Int?
        for run in 1...options.restoreRuns {
            let started = MonotonicClock.nanoseconds()
            // The server restores every session before it prints its URL and serves.
            let server = try ServerProcess(launch(folder, startSeconds: 600))
            let health = server.health()
            let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e9
            defer { server.kill() }
            guard let health, health.sessions == sessions else {
                throw .setup(
                    "the restarted server has \(health.map { String($0.sessions) } ?? "no answer on /healthz") sessions, not \(sessions)"
                )
            }
            seconds.append(elapsed)
            let sample = server.sample()
            cpuSeconds += sample.map { [$0.cpuSeconds] } ?? []
            residentKB = sample?.residentKB
            progress(
                "restart \(run): \(sessions) sessions restored, /healthz answered after \(String(format: "%.3f", elapsed)) s, server CPU \(sample.map { String(format: "%.3f", $0.cpuSeconds) } ?? "?") s"
            )
            if run == 1, let ids = prepared?.ids {
                for id in [ids[0], ids[ids.count - 1]] {
                    let revision = server.revision(ofSession: id)
                    if revision != changesPerSession {
                        notes.append(
                            "session \(id.prefix(6))… came back at revision \(revision.map(String.init) ?? "?"), not \(changesPerSession)"
                        )
                    }
                }
            }
        }
        let changes = sessions * changesPerSession
        return RestoreReport(
            scenario: name, sessions: sessions, changesPerSession: changesPerSession,
            changesAfterLastSnapshot: prepared == nil ? nil : (changesPerSession - 1) % Self.serverSnapshotInterval,
            prepareSeconds: prepared?.seconds, databaseBytes: bytes, bytesPerChange: Double(bytes) / Double(changes),
            restoreSeconds: seconds, restoreCPUSeconds: cpuSeconds, serverRSSKB: residentKB, notes: notes)
    }

    /// Writes the folder through the server, as the type's comment describes; returns the session ids.
    private func prepare(_ folder: String, sessions: Int, changesPerSession: Int) throws(BenchError) -> [String] {
        progress("preparing \(folder): \(sessions) sessions × \(changesPerSession) edits through the server")
        let first = try ServerProcess(launch(folder))
        var ids: [String] = []
        for index in 0..<sessions {
            // 200 sessions from each loopback address: the most one address may create at once.
            ids.append(try first.createSession(from: "127.0.0.\(1 + index / 200)"))
        }
        // A tap, not an edit: the edits after the restart start from the same values again.
        try drive(ids, .focus, intents: 1, clientIdPrefix: "bench-client", on: first)
        first.stop()
        // Other tabs: the server remembers the first ones' seqs and would take these for resends.
        let second = try ServerProcess(launch(folder, startSeconds: 600))
        try drive(ids, .edit, intents: changesPerSession - 1, clientIdPrefix: "bench-client-again", on: second)
        second.kill()
        // The crash left at most a few thousand writes in the store's pending log, which the next
        // start applies: one start and crash here, so that every timed restart finds the same folder.
        try ServerProcess(launch(folder, startSeconds: 600)).kill()
        return ids
    }

    /// One client per session sends `intents` intents of `kind`, closed loop, until the last is
    /// answered; each must change its session.
    private func drive(_ ids: [String], _ kind: IntentKind, intents: Int, clientIdPrefix: String, on server: ServerProcess)
        throws(BenchError)
    {
        guard intents > 0 else { return }
        let generator = try LoadGenerator(
            port: server.port, intent: kind, pacing: .closedLoop, maxHandshakes: options.maxHandshakes,
            clientIdPrefix: clientIdPrefix)
        defer { generator.shutdown() }
        generator.loop.execute {
            for id in ids {
                generator.addClients(1, to: generator.addSession(id: id), drivers: 1)
            }
        }
        try Joining.awaitJoins(of: generator, total: ids.count)
        let expected = ids.count * intents
        // A window longer than any preparation: every intent counts.
        let window = MeasurementWindow(start: MonotonicClock.nanoseconds(), seconds: 24 * 3600)
        generator.loop.execute { generator.start(window: window, perSecond: false, intentsPerDriver: intents) }
        let started = MonotonicClock.nanoseconds()
        var before = 0
        while true {
            let done = generator.loop.wait(timeout: 10) { generator.currentTally.deliveriesReceived >= expected }
            guard let tally = generator.loop.query({ generator.currentTally }) else {
                throw .setup("the load generator stopped answering while preparing")
            }
            if tally.errors > 0 || tally.acks > 0 || tally.closed > 0 {
                throw .setup(
                    "preparing: \(tally.errors) errors, \(tally.acks) intents that changed nothing, \(tally.closed) closed connections; first error: \(tally.firstError ?? "none")"
                )
            }
            let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
            progress(
                "preparing: \(tally.deliveriesReceived) of \(expected) changes applied (\(Int(Double(tally.deliveriesReceived) / seconds))/s)"
            )
            if done { return }
            // A stalled server: give up rather than wait for ever.
            if tally.deliveriesReceived == before {
                throw .setup("preparing: no change was applied for 10 s (\(before) of \(expected))")
            }
            before = tally.deliveriesReceived
        }
    }
}
