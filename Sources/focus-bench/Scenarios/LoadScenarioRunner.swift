import WebSocketTransport

/// Runs one load scenario against a fresh server: create the sessions, join every client,
/// wait for the joins to settle, drive the warm-up and the measured window, drain, and turn
/// the counts and the `/proc` samples into a report.
struct LoadScenarioRunner {
    let options: BenchOptions

    /// How long deliveries of the window's last intents may take before they count as lost.
    static let drainSeconds = 5.0
    /// Setup is over when no message has arrived for this long (presence after the joins).
    static let quietSeconds = 0.3

    func run(_ name: String, _ shape: LoadShape) throws(BenchError) -> LoadReport {
        let server = try ServerProcess(options.launch(extraArguments: shape.serverArguments))
        defer { server.stop() }
        let before = server.sample()
        var sessionIDs: [String] = []
        for _ in 0..<shape.sessions {
            sessionIDs.append(try server.createSession())
        }
        let loop = try ClientLoopStart.make()
        let generator = LoadGenerator(loop: loop, host: "127.0.0.1", port: server.port, intent: shape.intent, pacing: shape.pacing)
        let measured: Result<Measured, BenchError>
        do throws(BenchError) {
            measured = .success(try measure(shape, sessionIDs: sessionIDs, server: server, generator: generator))
        } catch {
            measured = .failure(error)
        }
        generator.shutdown()
        MonotonicClock.sleep(seconds: 1)
        let after = server.sample()
        return report(name, shape, try measured.get(), rss: .init(beforeKB: before?.residentKB, duringKB: nil, afterKB: after?.residentKB))
    }

    private struct Measured {
        var window: MeasurementWindow
        var tally: LoadTally
        var serverStart: ProcessSample?
        var serverEnd: ProcessSample?
        var generatorStart: ProcessSample?
        var generatorEnd: ProcessSample?
    }

    private func measure(_ shape: LoadShape, sessionIDs: [String], server: ServerProcess, generator: LoadGenerator) throws(BenchError) -> Measured {
        let loop = generator.loop
        loop.execute {
            for id in sessionIDs {
                generator.addClients(shape.clientsPerSession, to: generator.addSession(id: id), firstDrives: true)
            }
        }
        try ClientLoopStart.awaitJoins(of: generator, total: shape.connections)
        let window = MeasurementWindow(start: MonotonicClock.nanoseconds() + UInt64(options.warmupSeconds * 1e9), seconds: options.durationSeconds)
        loop.execute { generator.start(window: window) }
        MonotonicClock.sleep(until: window.start)
        let serverStart = server.sample()
        let generatorStart = ProcessSample.read(pid: nil)
        MonotonicClock.sleep(until: window.end)
        let serverEnd = server.sample()
        let generatorEnd = ProcessSample.read(pid: nil)
        _ = loop.wait(timeout: Self.drainSeconds) {
            let tally = generator.currentTally
            return tally.deliveriesReceived >= tally.deliveriesExpected
        }
        guard let tally = loop.query(timeout: 30, { generator.currentTally }) else {
            throw .setup("the load generator did not answer within 30 s")
        }
        return Measured(
            window: window, tally: tally, serverStart: serverStart, serverEnd: serverEnd,
            generatorStart: generatorStart, generatorEnd: generatorEnd)
    }

    private func report(_ name: String, _ shape: LoadShape, _ measured: Measured, rss: LoadReport.ResidentMemory) -> LoadReport {
        let tally = measured.tally
        let seconds = measured.window.seconds
        var rss = rss
        rss.duringKB = measured.serverEnd?.residentKB
        var serverCPUPercent: Double?
        var serverCPUPerDelivery: Double?
        if let start = measured.serverStart, let end = measured.serverEnd {
            serverCPUPercent = end.cpuPercent(since: start)
            if tally.deliveriesReceived > 0 {
                serverCPUPerDelivery = (end.cpuSeconds - start.cpuSeconds) * 1e6 / Double(tally.deliveriesReceived)
            }
        }
        let generatorCPUPercent = measured.generatorEnd.flatMap { end in measured.generatorStart.map { end.cpuPercent(since: $0) } }
        let saturated = (generatorCPUPercent ?? 0) >= LoadReport.saturationPercent
        let planned = shape.plannedIntents(seconds: seconds)

        var notes: [String] = []
        if saturated {
            notes.append("load generator saturated its core: latency and rates are not trustworthy")
        }
        if let planned, tally.intentsSent * 100 < planned * 95 {
            notes.append("sent \(tally.intentsSent) of \(planned) planned intents")
        }
        if tally.behindSchedule > 0 {
            notes.append("drivers fell behind schedule \(tally.behindSchedule) times")
        }
        if measured.serverEnd == nil {
            notes.append("the server exited during the run")
        }
        let oddities = [("acks", tally.acks), ("errors", tally.errors), ("snapshots (coalesced backlogs)", tally.snapshots),
                        ("closed connections", tally.closed)]
        for (what, count) in oddities where count > 0 {
            notes.append("\(count) \(what)")
        }
        return LoadReport(
            scenario: name, sessions: shape.sessions, clientsPerSession: shape.clientsPerSession, intent: shape.intent,
            pacing: shape.pacingDescription, windowSeconds: seconds, intentsSent: tally.intentsSent, intentsPlanned: planned,
            intentsPerSecond: Double(tally.intentsSent) / seconds, deliveriesExpected: tally.deliveriesExpected,
            deliveriesReceived: tally.deliveriesReceived, lost: tally.lost, latencyMicroseconds: tally.latencies.summary(),
            p99FirstHalfMicroseconds: tally.firstHalf.summary()?.p99, p99SecondHalfMicroseconds: tally.secondHalf.summary()?.p99,
            deliveriesPerSecond: Double(tally.deliveriesReceived) / seconds,
            serverCPUMicrosecondsPerDelivery: serverCPUPerDelivery, serverCPUPercent: serverCPUPercent,
            generatorCPUPercent: generatorCPUPercent, serverRSS: rss, acks: tally.acks, errors: tally.errors,
            snapshots: tally.snapshots, closedConnections: tally.closed, generatorSaturated: saturated, notes: notes)
    }
}

extension BenchOptions {
    /// Options every scenario's server gets: warnings only, and session limits out of the way.
    static let commonServerArguments = [
        "--log-level", "warning", "--max-sessions", "100000", "--max-clients-per-session", "100000",
    ]

    func launch(extraArguments: [String]) -> ServerProcess.Launch {
        ServerProcess.Launch(
            executable: serverExecutable, publicDirectory: publicDirectory, cpu: serverCPU,
            arguments: Self.commonServerArguments + extraArguments)
    }
}
