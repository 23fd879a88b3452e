/// One thing `focus-bench` measures, by name.
struct Scenario: Sendable {
    enum Work: Sendable {
        /// Sessions of clients, with drivers, over WebSockets to a fresh server.
        case load(LoadShape)
        /// That many clients join one session: how long it takes and what presence it costs.
        case join(clients: Int)
        /// The server's resident memory with many idle, joined connections.
        case idleMemory
        /// The interpreter applying and drawing taps on the profile seed in a loop, without any I/O.
        case core
        /// A data folder of that many sessions and changes, written by the server itself; then
        /// the time from starting the server on it to `/healthz` answering with every session.
        case restore(sessions: Int, changesPerSession: Int)
        /// One class session with that many forks, each driven by a scripted student at that
        /// many focus intents a second, and its presenter following the roster of forks.
        case forks(count: Int, perSecond: Double)
    }

    let name: String
    let summary: String
    let work: Work
    /// Whether `make bench` measures it with persistence on and off (the variants
    /// ``ServerVariant/persistenceComparison``) when no `--variant` is given.
    var comparesPersistence = false

    /// Whether the scenario starts servers whose options a `--variant` may change, and so runs
    /// once for each. FocusCore alone starts none; the restore needs its data folder.
    var runsPerVariant: Bool {
        switch work {
        case .core, .restore: false
        case .load, .join, .idleMemory, .forks: true
        }
    }

    /// Every scenario, in the order a full run measures them.
    static let all: [Scenario] = [
        fanOut(2), fanOut(10), fanOut(100).comparingPersistence(), fanOut(1000).comparingPersistence(),
        Scenario(
            name: "sessions-100x10", summary: "100 sessions × 10 clients, 20 focus intents/s each (libuv loop)",
            work: .load(LoadShape(sessions: 100, clientsPerSession: 10, intent: .focus, pacing: .fixedRate(perSecond: 20))),
            comparesPersistence: true),
        Scenario(
            name: "sessions-100x10-long",
            summary: "sessions-100x10 over a 25 s window crossing the 10 s and 20 s marks after connecting; p99 per second",
            work: .load(
                LoadShape(
                    sessions: 100, clientsPerSession: 10, intent: .focus, pacing: .fixedRate(perSecond: 20),
                    timing: .fixed(warmupSeconds: 1, windowSeconds: 25), latencyPerSecond: true))),
        Scenario(
            name: "sessions-100x10-poll", summary: "sessions-100x10 on libwebsockets' poll() loop (--event-loop poll)",
            work: .load(
                LoadShape(
                    sessions: 100, clientsPerSession: 10, intent: .focus, pacing: .fixedRate(perSecond: 20),
                    serverArguments: ["--event-loop", "poll"]))),
        Scenario(
            name: "edits-100x10", summary: "100 sessions × 10 clients, 20 edits/s each of a 200-character value",
            work: .load(LoadShape(sessions: 100, clientsPerSession: 10, intent: .edit, pacing: .fixedRate(perSecond: 20)))),
        typing(
            .splice, name: "typing-100x3",
            summary: "100 sessions × 3 typists, 10 keystrokes/s each into firstName, one splice each"),
        typing(
            .typedEdit, name: "typing-100x3-edit",
            summary: "typing-100x3's keystrokes as whole-value edits (the page before splice)"),
        closedLoop(sessions: 1, clients: 2).comparingPersistence(), closedLoop(sessions: 100, clients: 2).comparingPersistence(),
        closedLoop(sessions: 100, clients: 10).comparingPersistence(),
        join(1000), join(5000),
        Scenario(
            name: "idle-memory", summary: "server RSS with 0 and with --idle-connections joined, idle clients (sessions of 100)",
            work: .idleMemory),
        forks(300, perSecond: 2), forks(30, perSecond: 20),
        Scenario(
            name: "core", summary: "FocusCore alone: taps on the profile seed program, applied and drawn a second, no I/O",
            work: .core),
        Scenario(
            name: "restore-1000x1000",
            summary:
                "1,000 sessions × 1,000 changes written by the server, 249 each after the last snapshot; start to /healthz with all restored",
            work: .restore(sessions: 1000, changesPerSession: 1000)),
    ]

    static func named(_ name: String) -> Scenario? {
        all.first { $0.name == name }
    }

    /// The same scenario, measured with persistence on and off by default.
    private func comparingPersistence() -> Scenario {
        var scenario = self
        scenario.comparesPersistence = true
        return scenario
    }

    private static func fanOut(_ clients: Int) -> Scenario {
        Scenario(
            name: "fanout-\(clients)", summary: "1 session × \(clients) clients, 100 focus intents/s",
            work: .load(LoadShape(sessions: 1, clientsPerSession: clients, intent: .focus, pacing: .fixedRate(perSecond: 100))))
    }

    private static func typing(_ intent: IntentKind, name: String, summary: String) -> Scenario {
        Scenario(
            name: name, summary: summary,
            work: .load(
                LoadShape(
                    sessions: 100, clientsPerSession: 3, driversPerSession: 3, intent: intent, pacing: .fixedRate(perSecond: 10)))
        )
    }

    private static func closedLoop(sessions: Int, clients: Int) -> Scenario {
        Scenario(
            name: "closed-\(sessions)x\(clients)",
            summary:
                "\(sessions) session\(sessions == 1 ? "" : "s") × \(clients) clients, each driver sends when its last update arrives",
            work: .load(
                LoadShape(
                    sessions: sessions, clientsPerSession: clients, intent: .focus, pacing: .closedLoop,
                    serverArguments: ["--rate-limit", "1000000"])))
    }

    private static func forks(_ count: Int, perSecond: Double) -> Scenario {
        Scenario(
            name: "forks-\(count)x\(Int(perSecond))",
            summary:
                "1 class session, \(count) forks each driven at \(Int(perSecond)) focus intents/s; the presenter's roster lag",
            work: .forks(count: count, perSecond: perSecond))
    }

    private static func join(_ clients: Int) -> Scenario {
        Scenario(
            name: "join-\(clients)",
            summary: "\(clients) clients join one session: time to the last snapshot, presence messages and bytes",
            work: .join(clients: clients))
    }
}

/// The load of one scenario.
struct LoadShape: Sendable {
    /// How long the warm-up and the window last.
    enum Timing: Sendable {
        /// `--warmup` and `--duration`.
        case options
        /// Fixed by the scenario, whatever the options say.
        case fixed(warmupSeconds: Double, windowSeconds: Double)
    }

    var sessions: Int
    var clientsPerSession: Int
    /// Clients of each session that send intents (the first ones).
    var driversPerSession = 1
    var intent: IntentKind
    var pacing: Pacing
    /// Server options besides the ones every scenario passes.
    var serverArguments: [String] = []
    var timing = Timing.options
    /// Whether the report gives the p99 of each second of the window.
    var latencyPerSecond = false

    var connections: Int { sessions * clientsPerSession }

    /// Intents the drivers should send in `seconds`, or nil for a closed loop.
    func plannedIntents(seconds: Double) -> Int? {
        guard case .fixedRate(let perSecond) = pacing else { return nil }
        return Int((Double(sessions * driversPerSession) * perSecond * seconds).rounded())
    }

    var pacingDescription: String {
        switch pacing {
        case .fixedRate(let perSecond): "\(Int(perSecond))/s" + (driversPerSession > 1 ? " ×\(driversPerSession)" : "")
        case .closedLoop: "closed loop"
        }
    }
}
