/// Reads a fresh server's RSS with its sessions made but nobody connected, then after each step
/// of idle clients has joined and the server has settled.
///
/// The clients are what an open browser tab is to the server: connected, joined with `hello`
/// (a connection that never says hello is closed after 10 s), and then silent. They are spread
/// over sessions of ``clientsPerSession``, so the presence each join sends stays small.
struct IdleMemoryRunner {
    let options: BenchOptions
    let variant: ServerVariant?

    /// Descriptors the bench keeps for itself besides its connections.
    static let spareDescriptors = 64
    /// Idle clients per session.
    static let clientsPerSession = 100

    func run(_ name: String) throws(BenchError) -> IdleMemoryReport {
        let server = try ServerProcess(options.launch(scenarioArguments: [], variant: variant))
        defer { server.stop() }
        let largest = options.idleConnections.max() ?? 0
        var sessions: [String] = []
        for _ in 0..<(largest + Self.clientsPerSession - 1) / Self.clientsPerSession {
            sessions.append(try server.createSession())
        }
        let sessionIDs = sessions
        MonotonicClock.sleep(seconds: 0.5)
        guard let baseline = server.sample() else { throw .setup("the server exited before the first sample") }

        let generator = try LoadGenerator(
            port: server.port, intent: .focus, pacing: .closedLoop, maxHandshakes: max(options.maxHandshakes, 128))
        defer { generator.shutdown() }
        let limit = Joining.descriptorLimit
        var notes: [String] = []
        var points: [IdleMemoryReport.Point] = []
        var connected = 0
        for count in options.idleConnections {
            guard count + Self.spareDescriptors <= limit else {
                notes.append("skipped \(count) connections: `ulimit -n` is \(limit); raise it (scripts/bench.sh does)")
                break
            }
            let isFirstStep = connected == 0
            let first = connected
            generator.loop.execute {
                if isFirstStep {
                    for session in sessionIDs { _ = generator.addSession(id: session) }
                }
                // Client k joins session k / clientsPerSession.
                var next = first
                while next < count {
                    let session = next / Self.clientsPerSession
                    let batch = min(count, (session + 1) * Self.clientsPerSession) - next
                    generator.addClients(batch, to: session, drivers: 0)
                    next += batch
                }
            }
            connected = count
            try Joining.awaitJoins(of: generator, total: count)
            try Joining.awaitQuiet(of: generator)
            MonotonicClock.sleep(seconds: 1)
            guard let sample = server.sample() else { throw .setup("the server exited with \(count) connections") }
            // The figure divides by `count`: make sure that many were really open.
            if let open = server.connectionCount(), open != count {
                notes.append("\(open) connections were open when sampled, not \(count): the figure is off")
            }
            points.append(
                IdleMemoryReport.Point(
                    connections: count, residentKB: sample.residentKB,
                    kbPerConnection: Double(sample.residentKB - baseline.residentKB) / Double(count)))
        }
        return IdleMemoryReport(
            scenario: name, variant: variant?.name, baselineKB: baseline.residentKB, points: points, notes: notes)
    }
}
