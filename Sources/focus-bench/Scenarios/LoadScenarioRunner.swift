/// Runs one load scenario against a fresh server: create the sessions, join every client,
/// wait for the joins to settle, drive the warm-up and the measured window, drain, and turn
/// the counts and the `/proc` samples into a report.
struct LoadScenarioRunner {
    let options: BenchOptions
    let variant: ServerVariant?

    /// How long deliveries of the window's last intents may take before they count as lost.
    static let drainSeconds = 5.0

    func run(_ name: String, _ shape: LoadShape) throws(BenchError) -> LoadReport {
        let server = try ServerProcess(options.launch(scenarioArguments: shape.serverArguments, variant: variant))
        defer { server.stop() }
        let before = server.sample()
        var sessionIDs: [String] = []
        let source = variant?.sessionSource
        for _ in 0..<shape.sessions {
            sessionIDs.append(try server.createSession(source: source?.text))
        }
        let target =
            try source.map { (source) throws(BenchError) in
                try IntentTarget.source(screen: source.screen, fields: sessionIDs.first.map(server.fieldKeys) ?? [])
            } ?? .profile
        let generator = try LoadGenerator(
            port: server.port, intent: shape.intent, target: target,
            pacing: shape.pacing, maxHandshakes: options.maxHandshakes)
        let measured: Result<Measured, BenchError>
        do throws(BenchError) {
            let churned = try source.flatMap { source throws(BenchError) in
                try variant?.sourceReplacementsPerSecond.map { perSecond throws(BenchError) in
                    (id: try server.createSession(source: source.text), source: source.text, perSecond: perSecond)
                }
            }
            measured = .success(
                try measure(shape, sessionIDs: sessionIDs, server: server, generator: generator, churned: churned))
        } catch {
            measured = .failure(error)
        }
        generator.shutdown()
        MonotonicClock.sleep(seconds: 1)
        let after = server.sample()
        var load = report(
            name, shape, try measured.get(), rss: .init(beforeKB: before?.residentKB, duringKB: nil, afterKB: after?.residentKB))
        if server.freshFolder != nil {
            load.store = Self.store(of: server, sessions: sessionIDs)
        }
        return load
    }

    /// The changes the sessions hold (their revisions) and the bytes the server stored for them
    /// once stopped: the database with every change, the snapshots (every 250 changes and at the
    /// stop), sessions and members, its -wal folded in.
    private static func store(of server: ServerProcess, sessions: [String]) -> LoadReport.Store? {
        var changes = 0
        for id in sessions {
            guard let revision = server.revision(ofSession: id) else { return nil }
            changes += revision
        }
        guard let bytes = server.stopAndMeasureStore(), changes > 0 else { return nil }
        return LoadReport.Store(changes: changes, bytes: bytes, bytesPerChange: Double(bytes) / Double(changes))
    }

    private struct Measured {
        var window: MeasurementWindow
        /// When the first client started connecting, on ``MonotonicClock``.
        var firstConnectAt: UInt64?
        var tally: LoadTally
        /// What the replacements of one undriven session's source came to, and their rate.
        var replacements: (count: SourceChurn.Count, perSecond: Int)?
        var serverStart: ProcessSample?
        var serverEnd: ProcessSample?
        var generatorStart: ProcessSample?
        var generatorEnd: ProcessSample?
        /// The cores the server and the generator are pinned to, at the window's start and end.
        var serverCore: (start: CoreSample, end: CoreSample)?
        var generatorCore: (start: CoreSample, end: CoreSample)?
    }

    private func timing(_ shape: LoadShape) -> (warmup: Double, window: Double) {
        switch shape.timing {
        case .options: (options.warmupSeconds, options.durationSeconds)
        case .fixed(let warmup, let window): (warmup, window)
        }
    }

    private func measure(
        _ shape: LoadShape, sessionIDs: [String], server: ServerProcess, generator: LoadGenerator,
        churned: (id: String, source: String, perSecond: Int)?
    ) throws(BenchError) -> Measured {
        let loop = generator.loop
        loop.execute {
            for id in sessionIDs {
                generator.addClients(shape.clientsPerSession, to: generator.addSession(id: id), drivers: shape.driversPerSession)
            }
        }
        try Joining.awaitJoins(of: generator, total: shape.connections)
        try Joining.awaitQuiet(of: generator)
        let (warmup, seconds) = timing(shape)
        let window = MeasurementWindow(start: MonotonicClock.nanoseconds() + UInt64(warmup * 1e9), seconds: seconds)
        let perSecond = shape.latencyPerSecond
        loop.execute { generator.start(window: window, perSecond: perSecond) }
        let churn = churned.map {
            SourceChurn(port: server.port, sessionID: $0.id, source: $0.source, perSecond: $0.perSecond, window: window)
        }
        let serverCore = options.serverCPU
        let generatorCore = CoreSample.ownCore
        MonotonicClock.sleep(until: window.start)
        let serverStart = server.sample()
        let generatorStart = ProcessSample.read(pid: nil)
        let serverCoreStart = serverCore.flatMap(CoreSample.read)
        let generatorCoreStart = generatorCore.flatMap(CoreSample.read)
        MonotonicClock.sleep(until: window.end)
        let serverEnd = server.sample()
        let generatorEnd = ProcessSample.read(pid: nil)
        let serverCoreEnd = serverCore.flatMap(CoreSample.read)
        let generatorCoreEnd = generatorCore.flatMap(CoreSample.read)
        _ = loop.wait(timeout: Self.drainSeconds) {
            let tally = generator.currentTally
            return tally.deliveriesReceived >= tally.deliveriesExpected
        }
        guard let (tally, progress) = loop.query(timeout: 30, { (generator.currentTally, generator.setupProgress) }) else {
            throw .setup("the load generator did not answer within 30 s")
        }
        return Measured(
            window: window, firstConnectAt: progress.firstConnectAt, tally: tally,
            replacements: churn.map { ($0.result(timeout: 10), churned?.perSecond ?? 0) }, serverStart: serverStart,
            serverEnd: serverEnd,
            generatorStart: generatorStart, generatorEnd: generatorEnd,
            serverCore: serverCoreStart.flatMap { start in serverCoreEnd.map { (start, $0) } },
            generatorCore: generatorCoreStart.flatMap { start in generatorCoreEnd.map { (start, $0) } })
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
            if tally.updatesReceived > 0 {
                serverCPUPerDelivery = (end.cpuSeconds - start.cpuSeconds) * 1e6 / Double(tally.updatesReceived)
            }
        }
        let generatorCPUPercent = measured.generatorEnd.flatMap { end in measured.generatorStart.map { end.cpuPercent(since: $0) }
        }
        let saturated = (generatorCPUPercent ?? 0) >= LoadReport.saturationPercent
        let serverCoreOther = CoreSample.otherLoadPercent(measured.serverCore, measured.serverStart, measured.serverEnd)
        let generatorCoreOther = CoreSample.otherLoadPercent(
            measured.generatorCore, measured.generatorStart, measured.generatorEnd)
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
        if let (count, perSecond) = measured.replacements {
            notes.append(
                "one more session's source replaced \(count.accepted) times at \(perSecond)/s"
                    + (count.refused > 0 ? ", \(count.refused) refused (first: \(count.firstRefusal ?? ""))" : ""))
        }
        notes += CoreSample.otherLoadNotes(server: serverCoreOther, generator: generatorCoreOther)
        if measured.serverEnd == nil {
            notes.append("the server exited during the run")
        }
        let oddities = [
            ("acks", tally.acks), ("errors", tally.errors), ("snapshots (coalesced backlogs)", tally.snapshots),
            ("closed connections", tally.closed),
        ]
        for (what, count) in oddities where count > 0 {
            notes.append("\(count) \(what)")
        }
        if let firstError = tally.firstError {
            notes.append("first error: \(firstError)")
        }
        let windowStart = measured.firstConnectAt.map { Double(measured.window.start &- $0) / 1e9 }
        return LoadReport(
            scenario: name, variant: variant?.name, sessions: shape.sessions, clientsPerSession: shape.clientsPerSession,
            driversPerSession: shape.driversPerSession, intent: shape.intent,
            pacing: shape.pacingDescription, windowSeconds: seconds, intentsSent: tally.intentsSent, intentsPlanned: planned,
            intentsPerSecond: Double(tally.intentsSent) / seconds, deliveriesExpected: tally.deliveriesExpected,
            deliveriesReceived: tally.deliveriesReceived, lost: tally.lost, latencyMicroseconds: tally.latencies.summary(),
            p99FirstHalfMicroseconds: tally.firstHalf.summary()?.p99, p99SecondHalfMicroseconds: tally.secondHalf.summary()?.p99,
            p99PerSecondMicroseconds: tally.perSecond.isEmpty ? nil : tally.perSecond.map { $0.summary()?.p99 },
            windowStartAfterFirstConnectSeconds: windowStart,
            deliveriesPerSecond: Double(tally.deliveriesReceived) / seconds,
            updatesReceived: tally.updatesReceived,
            updateBytesMean: tally.updatesReceived > 0 ? Double(tally.updateBytes) / Double(tally.updatesReceived) : nil,
            updateBytesMax: tally.updatesReceived > 0 ? tally.largestUpdateBytes : nil,
            serverCPUMicrosecondsPerDelivery: serverCPUPerDelivery, serverCPUPercent: serverCPUPercent,
            generatorCPUPercent: generatorCPUPercent, serverCoreOtherLoadPercent: serverCoreOther,
            generatorCoreOtherLoadPercent: generatorCoreOther, serverRSS: rss, acks: tally.acks, errors: tally.errors,
            snapshots: tally.snapshots, closedConnections: tally.closed, generatorSaturated: saturated, notes: notes)
    }
}

extension BenchOptions {
    /// Options every scenario's server gets: warnings only, and session limits out of the way.
    static let commonServerArguments = [
        "--log-level", "warning", "--max-sessions", "100000", "--max-clients-per-session", "100000",
    ]

    /// The server for one scenario: the common options, the scenario's, the variant's, then `--server-arg`s.
    func launch(scenarioArguments: [String], variant: ServerVariant?) -> ServerProcess.Launch {
        ServerProcess.Launch(
            executable: serverExecutable, publicDirectory: publicDirectory, cpu: serverCPU,
            arguments: Self.commonServerArguments + scenarioArguments + (variant?.arguments ?? []) + serverArguments)
    }
}
