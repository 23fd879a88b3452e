import Foundation

/// One class session with many forks, each driven by a scripted student, and its presenter
/// following the roster (`forks` messages): how far behind the roster is, and what the server
/// spends a change (docs/PERFORMANCE.md, "Forks").
struct ForksRunner {
    let options: BenchOptions
    let variant: ServerVariant?

    func run(_ name: String, forks count: Int, perSecond: Double) throws(BenchError) -> ForksReport {
        let server = try ServerProcess(options.launch(scenarioArguments: [], variant: variant))
        defer { server.stop() }
        let classSession = try server.createSession()
        var forks: [(id: String, viewer: String)] = []
        for _ in 0..<count {
            forks.append(try Self.fork(of: classSession, port: server.port))
        }
        let driver = try ClassDriver(port: server.port, classSession: classSession, forks: forks, perSecond: perSecond)
        defer { driver.loop.shutdown() }
        driver.loop.execute { driver.connectAll() }
        guard driver.loop.wait(timeout: 30, until: { driver.everyoneJoined }) else {
            throw .setup("the presenter and \(count) students did not all join within 30 s")
        }
        let window = MeasurementWindow(
            start: MonotonicClock.nanoseconds() + UInt64(options.warmupSeconds * 1e9), seconds: options.durationSeconds)
        driver.loop.execute { driver.start(window: window) }
        let pacer = Pacer(loop: driver.loop, until: window.end) { driver.tick() }
        MonotonicClock.sleep(until: window.start)
        let start = server.sample()
        let generatorStart = ProcessSample.read(pid: nil)
        MonotonicClock.sleep(until: window.end)
        let end = server.sample()
        let generatorEnd = ProcessSample.read(pid: nil)
        pacer.stop()
        let drained = driver.loop.wait(timeout: 5) { driver.drained }
        guard let tally = driver.loop.query(timeout: 30, { driver.tally }) else {
            throw .setup("the load generator did not answer within 30 s")
        }
        var notes: [String] = []
        if !drained { notes.append("the roster had not reported every intent of the window 5 s after it") }
        if tally.errors > 0 || tally.closed > 0 {
            notes.append("\(tally.errors) errors, \(tally.closed) closed; first: \(tally.firstError ?? "-")")
        }
        let cpuSeconds = start.flatMap { start in end.map { $0.cpuSeconds - start.cpuSeconds } }
        let seconds = window.seconds
        return ForksReport(
            scenario: name, variant: variant?.name, forks: count, intentsPerStudentPerSecond: perSecond,
            windowSeconds: seconds, intentsMeasured: tally.intentsMeasured,
            changesPerSecond: Double(tally.intentsMeasured) / seconds, lagMicroseconds: tally.lags.summary(),
            lagSamples: tally.lags.count, rosterMessagesPerSecond: Double(tally.rosterMessages) / seconds,
            rosterEntriesPerSecond: Double(tally.rosterEntries) / seconds,
            rosterBytesPerSecond: Double(tally.rosterBytes) / seconds,
            serverCPUPercent: start.flatMap { start in end.map { $0.cpuPercent(since: start) } },
            serverCPUMicrosecondsPerChange: cpuSeconds.flatMap {
                tally.intentsMeasured > 0 ? $0 * 1e6 / Double(tally.intentsMeasured) : nil
            },
            generatorCPUPercent: generatorStart.flatMap { start in generatorEnd.map { $0.cpuPercent(since: start) } },
            notes: notes)
    }

    /// `POST /api/sessions/{id}/forks`: the fork's editor id and viewer capability.
    static func fork(of session: String, port: Int) throws(BenchError) -> (id: String, viewer: String) {
        struct Created: Decodable {
            var id: String
            var viewer: String
        }
        let response = try HTTPExchange.send(method: "POST", target: "/api/sessions/\(session)/forks", port: port)
        guard response.status == 201, let created = try? JSONDecoder().decode(Created.self, from: Data(response.body)) else {
            throw .setup("POST …/forks answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return (created.id, created.viewer)
    }
}

/// Calls `tick` on the loop's thread about every millisecond until `end` or ``stop()``.
final class Pacer: @unchecked Sendable {
    // @unchecked: `running` is read by the pacer's thread and set once by ``stop()``; a late
    // read costs one more tick.
    private var running = true
    private let finished = DispatchSemaphore(value: 0)

    init<Delegate>(loop: ClientLoop<Delegate>, until end: UInt64, tick: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            while running && MonotonicClock.nanoseconds() < end {
                loop.execute(tick)
                MonotonicClock.sleep(seconds: 0.001)
            }
            finished.signal()
        }
        thread.name = "focus-bench.pacer"
        thread.start()
    }

    func stop() {
        running = false
        finished.wait()
    }
}
