/// Reads a fresh server's RSS with one empty session, then after each step of idle clients has
/// connected to it and the server has settled.
///
/// The clients open their WebSocket and stay silent: no hello. Joined members would each
/// receive a snapshot and presence listing every other member, traffic that grows with the
/// square of the session and has nothing to do with what an idle connection costs.
struct IdleMemoryRunner {
    let options: BenchOptions

    /// Descriptors the bench keeps for itself besides its connections.
    static let spareDescriptors = 64

    func run(_ name: String) throws(BenchError) -> IdleMemoryReport {
        let server = try ServerProcess(options.launch(extraArguments: []))
        defer { server.stop() }
        let session = try server.createSession()
        MonotonicClock.sleep(seconds: 0.5)
        guard let baseline = server.sample() else { throw .setup("the server exited before the first sample") }

        let loop = try ClientLoopStart.make()
        let generator = LoadGenerator(
            loop: loop, host: "127.0.0.1", port: server.port, intent: .focus, pacing: .closedLoop, maxHandshakes: 128)
        defer { generator.shutdown() }
        let limit = ClientLoopStart.descriptorLimit
        var notes: [String] = []
        var points: [IdleMemoryReport.Point] = []
        var connected = 0
        for count in options.idleConnections {
            guard count + Self.spareDescriptors <= limit else {
                notes.append("skipped \(count) connections: `ulimit -n` is \(limit); raise it (scripts/bench.sh does)")
                break
            }
            let added = count - connected
            let isFirstStep = connected == 0
            loop.execute {
                if isFirstStep {
                    _ = generator.addSession(id: session)
                }
                generator.addClients(added, to: 0, firstDrives: false, sayHello: false)
            }
            connected = count
            try ClientLoopStart.awaitJoins(of: generator, total: count)
            MonotonicClock.sleep(seconds: 1)
            guard let sample = server.sample() else { throw .setup("the server exited with \(count) connections") }
            points.append(IdleMemoryReport.Point(
                connections: count, residentKB: sample.residentKB,
                kbPerConnection: Double(sample.residentKB - baseline.residentKB) / Double(count)))
        }
        return IdleMemoryReport(scenario: name, baselineKB: baseline.residentKB, points: points, notes: notes)
    }
}
