/// Joins many clients to one session of a fresh server, at most `--max-handshakes` at a time,
/// and measures the time to the last snapshot and the presence messages the joins cost.
struct JoinRunner {
    let options: BenchOptions
    let variant: ServerVariant?

    /// Joins that take longer than this are reported as they stand.
    static func timeoutSeconds(clients: Int) -> Double { 30 + Double(clients) * 0.01 }

    func run(_ name: String, clients: Int) throws(BenchError) -> JoinReport {
        guard clients + IdleMemoryRunner.spareDescriptors <= Joining.descriptorLimit else {
            throw .setup(
                "\(clients) clients need more descriptors than `ulimit -n` (\(Joining.descriptorLimit)) gives; raise it (scripts/bench.sh does)"
            )
        }
        let server = try ServerProcess(options.launch(scenarioArguments: [], variant: variant))
        defer { server.stop() }
        let sessionID = try server.createSession()
        MonotonicClock.sleep(seconds: 0.2)
        let before = server.sample()
        let generatorCore = CoreSample.ownCore
        let serverCoreStart = options.serverCPU.flatMap(CoreSample.read)
        let generatorCoreStart = generatorCore.flatMap(CoreSample.read)
        let generatorStart = ProcessSample.read(pid: nil)
        let generator = try LoadGenerator(
            port: server.port, intent: .focus, pacing: .closedLoop, maxHandshakes: options.maxHandshakes)
        defer { generator.shutdown() }
        generator.loop.execute {
            generator.addClients(clients, to: generator.addSession(id: sessionID), drivers: 0)
        }
        var notes: [String] = []
        do throws(BenchError) {
            try Joining.awaitJoins(of: generator, total: clients, timeout: Self.timeoutSeconds(clients: clients))
            try Joining.awaitQuiet(of: generator, timeout: 30)
        } catch {
            notes.append("\(error)")
        }
        let after = server.sample()
        let generatorEnd = ProcessSample.read(pid: nil)
        let serverCoreEnd = options.serverCPU.flatMap(CoreSample.read)
        let generatorCoreEnd = generatorCore.flatMap(CoreSample.read)
        guard let progress = generator.loop.query({ generator.setupProgress }) else {
            throw .setup("the load generator did not answer")
        }
        let seconds = progress.firstConnectAt.flatMap { first in progress.lastJoinAt.map { Double($0 &- first) / 1e9 } }
        let joins = Double(max(progress.joined, 1))
        let serverOther = CoreSample.otherLoadPercent(
            serverCoreStart.flatMap { start in serverCoreEnd.map { (start, $0) } }, before, after)
        let generatorOther = CoreSample.otherLoadPercent(
            generatorCoreStart.flatMap { start in generatorCoreEnd.map { (start, $0) } }, generatorStart, generatorEnd)
        notes += CoreSample.otherLoadNotes(server: serverOther, generator: generatorOther)
        if progress.joined < clients && notes.isEmpty {
            notes.append("\(progress.joined) of \(clients) clients joined")
        }
        return JoinReport(
            scenario: name, variant: variant?.name, clients: clients, joined: progress.joined,
            maxHandshakes: options.maxHandshakes,
            seconds: progress.joined == clients ? seconds : nil,
            presenceMessages: progress.presenceMessages, presenceBytes: progress.presenceBytes,
            presenceMessagesPerJoin: Double(progress.presenceMessages) / joins,
            presenceBytesPerJoin: Double(progress.presenceBytes) / joins,
            serverCPUSeconds: before.flatMap { start in after.map { $0.cpuSeconds - start.cpuSeconds } },
            serverCPUPercent: before.flatMap { start in after.map { $0.cpuPercent(since: start) } },
            generatorCPUPercent: generatorStart.flatMap { start in generatorEnd.map { $0.cpuPercent(since: start) } },
            serverCoreOtherLoadPercent: serverOther, generatorCoreOtherLoadPercent: generatorOther,
            serverRSSBeforeKB: before?.residentKB, serverRSSJoinedKB: after?.residentKB, notes: notes)
    }
}
