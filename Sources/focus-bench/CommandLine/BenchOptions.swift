/// Everything `focus-bench` can be told on its command line.
struct BenchOptions: Sendable {
    var scenarios: [Scenario] = Scenario.all
    var warmupSeconds = 2.0
    var durationSeconds = 10.0
    var json = false
    var serverExecutable = ".build/release/focus-sync"
    var publicDirectory = "Public"
    /// The core the server is pinned to; nil leaves it unpinned.
    var serverCPU: Int? = 0
    /// Idle connections at which `idle-memory` reads the server's RSS, in increasing order.
    var idleConnections = [2000, 10_000]
    var coreIntents = 200_000
    /// Handshakes (connect to snapshot) under way at once while clients join.
    var maxHandshakes = 64
    /// Options every server gets, after the scenario's own.
    var serverArguments: [String] = []
    /// Each scenario that starts a server runs once per variant; none: the scenarios that
    /// compare persistence run with it on and off, the rest once in memory.
    var variants: [ServerVariant] = []
    /// Where `restore-1000x1000` prepares its data folder and keeps it (a later run measures
    /// it as it is); nil: a fresh folder, removed afterwards.
    var restoreFolder: String?
    /// Restarts timed by `restore-1000x1000`.
    var restoreRuns = 3
    /// How many times every scenario and variant runs, in turn (round 1 all of them, then
    /// round 2…): the comparison with the in-memory server pairs the rows of each round.
    var rounds = 1
    /// `--audience`: the local ports of a server or cluster already running, whose one session's
    /// audience is measured instead of the scenarios; nil runs the scenarios.
    var audiencePorts: [Int]?
    /// Viewers that `--audience` joins.
    var viewers = 2000
    /// Focus changes a second the `--audience` presenter makes.
    var presenterRate = 2.0

    /// The servers `scenario` runs against, one run each: nil is a server as the scenario has it.
    func variants(for scenario: Scenario) -> [ServerVariant?] {
        guard scenario.runsPerVariant else { return [nil] }
        if !variants.isEmpty { return variants }
        return scenario.comparesPersistence ? ServerVariant.persistenceComparison : [nil]
    }

    /// What `--quick` starts from: short windows and the smaller idle count.
    static var quick: BenchOptions {
        var options = BenchOptions()
        options.warmupSeconds = 1
        options.durationSeconds = 3
        options.idleConnections = [2000]
        options.coreIntents = 50_000
        return options
    }
}

/// A named set of extra server options (`--variant memory:--in-memory`), so one run can measure
/// the same scenario under several server configurations, such as persistence on and off.
struct ServerVariant: Sendable, Equatable {
    var name: String
    var arguments: [String]
    /// The source every session of the variant runs (`--session-source=<file>:<Screen>` among
    /// the variant's options, read by the bench, not passed to the server).
    var sessionSource: SessionSource? = nil
    /// How many times a second the source of one more session, which no client drives, is
    /// replaced during the window (`--replace-source-per-second=<n>` among the variant's options).
    var sourceReplacementsPerSecond: Int? = nil

    /// Persistence on, each server on a fresh data folder (what users run, so it comes first),
    /// then off: what `make bench` compares.
    static let persistenceComparison = [
        ServerVariant(name: "stored", arguments: ["--data-dir", ServerProcess.freshFolderPlaceholder]),
        ServerVariant(name: "memory", arguments: ["--in-memory"]),
    ]
}
