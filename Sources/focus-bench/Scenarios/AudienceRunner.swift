import Foundation

/// `--audience`: one session on a server or cluster that is already running (started by
/// scripts/bench-cluster.py, say), its presenter (an editor, joined through the first port, which
/// HAProxy sends to the process holding the session) and its viewers (the viewer capability,
/// spread over every port). The presenter changes focus at a fixed rate; every viewer's receipt
/// is timed against the send on one monotonic clock.
///
/// The caller measures the servers: the lines "audience window opens" and "audience window
/// closes" on standard error mark the window (no change is sent after it), and "audience
/// deliveries drained" the end of its last deliveries, before any client leaves.
struct AudienceRunner {
    let options: BenchOptions
    let ports: [Int]

    /// After the joins: the viewers on processes that do not hold the session are counted to
    /// the owner within two thirds of a lease (6 s by default), which publishes a count.
    static let settleSeconds = 6.0
    /// How long deliveries of the window's last changes may take before they count as lost.
    static let drainSeconds = 3.0

    func run() throws(BenchError) -> AudienceReport {
        let (session, viewer) = try Self.createSession(port: ports[0])
        let generator = try LoadGenerator(
            port: ports[0], intent: .focus, pacing: .fixedRate(perSecond: options.presenterRate),
            maxHandshakes: options.maxHandshakes)
        defer { generator.shutdown() }
        let loop = generator.loop
        let viewers = options.viewers
        let ports = ports
        loop.execute {
            let index = generator.addSession(id: session)
            generator.addClients(1, to: index, drivers: 1)
            generator.addClients(viewers, to: index, drivers: 0, joiningWith: viewer, ports: ports)
        }
        try Joining.awaitJoins(of: generator, total: viewers + 1, timeout: 60 + Double(viewers) * 0.05)
        try Joining.awaitQuiet(of: generator)
        progress("\(viewers) viewers and the presenter joined; settling \(Int(Self.settleSeconds)) s")
        MonotonicClock.sleep(seconds: Self.settleSeconds)
        let window = MeasurementWindow(
            start: MonotonicClock.nanoseconds() + UInt64(options.warmupSeconds * 1e9), seconds: options.durationSeconds)
        loop.execute { generator.start(window: window, perSecond: false) }
        MonotonicClock.sleep(until: window.start)
        progress("audience window opens")
        let generatorStart = ProcessSample.read(pid: nil)
        MonotonicClock.sleep(until: window.end)
        let generatorEnd = ProcessSample.read(pid: nil)
        progress("audience window closes")
        _ = loop.wait(timeout: Self.drainSeconds) {
            let tally = generator.currentTally
            return tally.deliveriesReceived >= tally.deliveriesExpected
        }
        // Before the connections close, whose leaving the servers would publish.
        progress("audience deliveries drained")
        guard
            let (tally, setup) = loop.query(timeout: 30, { (generator.currentTally, generator.setupProgress) })
        else {
            throw .setup("the load generator did not answer within 30 s")
        }
        return AudienceReport(
            viewers: viewers, joined: setup.joined,
            joinSeconds: setup.firstConnectAt.flatMap { first in setup.lastJoinAt.map { Double($0 &- first) / 1e9 } },
            presenterRate: options.presenterRate, windowSeconds: window.seconds, updatesSent: tally.intentsSent,
            deliveriesExpected: tally.deliveriesExpected,
            deliveriesReceived: tally.deliveriesReceived, lost: tally.lost, latencyMicroseconds: tally.latencies.summary(),
            closedConnections: tally.closed, errors: tally.errors, snapshots: tally.snapshots,
            behindSchedule: tally.behindSchedule,
            generatorCPUPercent: generatorStart.flatMap { start in generatorEnd.map { $0.cpuPercent(since: start) } })
    }

    /// `POST /api/sessions`: the new session's editor id and viewer capability.
    static func createSession(port: Int) throws(BenchError) -> (id: String, viewer: String) {
        struct Created: Decodable {
            var id: String
            var viewer: String
        }
        let response = try HTTPExchange.send(method: "POST", target: "/api/sessions", port: port, timeoutSeconds: 30)
        guard response.status == 201, let created = try? JSONDecoder().decode(Created.self, from: Data(response.body)) else {
            throw .setup("POST /api/sessions answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return (created.id, created.viewer)
    }
}
