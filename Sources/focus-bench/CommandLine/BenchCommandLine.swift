import CommandLineParsing

/// The `focus-bench` command line, read by the same ``CommandLineSyntax`` as `focus-sync`'s.
enum BenchCommandLine {
    static let abstract =
        "Measure a FocusSync server under load: latency, loss, CPU and memory, one fresh server per scenario."

    static let syntax = CommandLineSyntax<BenchOptions>(
        commandName: "focus-bench", abstract: abstract,
        options: [
            CommandLineOption(
                name: "--scenarios", valueName: "names",
                help: "Comma-separated scenarios to run, from the list below. (default: all)"
            ) { options, value throws(UsageError) in
                var chosen: [Scenario] = []
                for name in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                    guard let scenario = Scenario.named(name) else {
                        throw UsageError("--scenarios has no scenario named '\(name)'; see the list in --help.")
                    }
                    chosen.append(scenario)
                }
                options.scenarios = chosen
            },
            CommandLineOption(
                name: "--quick", valueName: nil,
                help: "Short run: --warmup 1 --duration 3 --idle-connections 2000 --core-intents 50000 (options given too win)."
            ) { _, _ throws(UsageError) in },
            CommandLineOption(name: "--warmup", valueName: "seconds", help: "Load before the measured window. (default: 2)") {
                options, value throws(UsageError) in
                options.warmupSeconds = try OptionValue.seconds(value, for: "--warmup", in: 0...600)
            },
            CommandLineOption(name: "--duration", valueName: "seconds", help: "Length of the measured window. (default: 10)") {
                options, value throws(UsageError) in
                options.durationSeconds = try OptionValue.seconds(value, for: "--duration", in: 0.5...3600)
            },
            CommandLineOption(
                name: "--json", valueName: nil, help: "Print one JSON object per scenario, one a line, instead of tables."
            ) {
                options, _ throws(UsageError) in
                options.json = true
            },
            CommandLineOption(
                name: "--server", valueName: "path",
                help: "The focus-sync executable to start. (default: .build/release/focus-sync)"
            ) { options, value throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("--server needs the path of the focus-sync executable.") }
                options.serverExecutable = value
            },
            CommandLineOption(name: "--public", valueName: "path", help: "The server's --public folder. (default: Public)") {
                options, value throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("--public needs the path of a folder.") }
                options.publicDirectory = value
            },
            CommandLineOption(
                name: "--server-cpu", valueName: "core",
                help: "Pin the server to this core with taskset, or 'none'. (default: 0)"
            ) { options, value throws(UsageError) in
                options.serverCPU = value == "none" ? nil : try OptionValue.wholeNumber(value, for: "--server-cpu", in: 0...1023)
            },
            CommandLineOption(
                name: "--idle-connections", valueName: "counts",
                help: "Comma-separated, increasing counts of idle connections for idle-memory. (default: 2000,10000)"
            ) { options, value throws(UsageError) in
                let counts = try value.split(separator: ",", omittingEmptySubsequences: false).map {
                    count throws(UsageError) in
                    try OptionValue.wholeNumber(String(count), for: "--idle-connections", in: 1...100_000)
                }
                guard zip(counts, counts.dropFirst()).allSatisfy({ $0 < $1 }) else {
                    throw UsageError("--idle-connections expects increasing counts such as 2000,10000, got '\(value)'.")
                }
                options.idleConnections = counts
            },
            CommandLineOption(
                name: "--max-handshakes", valueName: "n",
                help: "Connections that may be between connect and snapshot at once while clients join. (default: 64)"
            ) { options, value throws(UsageError) in
                options.maxHandshakes = try OptionValue.wholeNumber(value, for: "--max-handshakes", in: 1...100_000)
            },
            CommandLineOption(
                name: "--server-arg", valueName: "argument",
                help: "An option for every server started, after the scenario's own (--server-arg=--in-memory).", repeatable: true
            ) { options, value throws(UsageError) in
                guard !value.isEmpty else {
                    throw UsageError("--server-arg needs a server option, such as --server-arg=--in-memory.")
                }
                options.serverArguments.append(value)
            },
            CommandLineOption(
                name: "--variant", valueName: "name:arguments",
                help:
                    "Run every scenario that starts a server once per variant, with these options added; rows are named 'scenario [name]'. Servers keep nothing unless given --data-dir; {fresh} stands for a new empty folder per server (--variant 'stored:--data-dir={fresh}'); --session-source=<file>:<Screen> among them makes every session run that SwiftUI source, its first two controls tapped in turn (--variant 'source:--session-source=Public/examples/seeds/profile.swift:ProfileForm'); --replace-source-per-second=<n> beside it replaces the source of one more, undriven session n times a second through the window. (default: 'stored:--data-dir={fresh}' then 'memory:--in-memory' for the scenarios that compare persistence, none for the rest)",
                repeatable: true
            ) { options, value throws(UsageError) in
                guard let colon = value.firstIndex(of: ":"), colon != value.startIndex else {
                    throw UsageError(
                        "--variant expects a name, a colon and server options, such as 'memory:--in-memory', got '\(value)'.")
                }
                let name = String(value[..<colon])
                guard !options.variants.contains(where: { $0.name == name }) else {
                    throw UsageError("--variant names '\(name)' twice; give each variant its own name.")
                }
                var arguments = value[value.index(after: colon)...].split(separator: " ").map(String.init)
                var source: SessionSource?
                if let index = arguments.firstIndex(where: { $0.hasPrefix(Self.sessionSourcePrefix) }) {
                    source = try Self.sessionSource(arguments.remove(at: index))
                }
                var replacements: Int?
                if let index = arguments.firstIndex(where: { $0.hasPrefix(Self.replacementsPrefix) }) {
                    replacements = try Self.replacementsPerSecond(arguments.remove(at: index), source: source)
                }
                options.variants.append(
                    ServerVariant(
                        name: name, arguments: arguments, sessionSource: source, sourceReplacementsPerSecond: replacements))
            },
            CommandLineOption(
                name: "--restore-folder", valueName: "path",
                help:
                    "Where restore-1000x1000 prepares its data folder and keeps it; a later run only measures it. (default: a fresh folder, removed)"
            ) { options, value throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("--restore-folder needs the path of a folder.") }
                options.restoreFolder = value
            },
            CommandLineOption(
                name: "--restore-runs", valueName: "n", help: "How many restarts restore-1000x1000 times. (default: 3)"
            ) {
                options, value throws(UsageError) in
                options.restoreRuns = try OptionValue.wholeNumber(value, for: "--restore-runs", in: 1...100)
            },
            CommandLineOption(
                name: "--rounds", valueName: "n",
                help:
                    "Run every scenario and variant this many times, all of them once per round; each variant is compared with the in-memory server of its own round, and the comparison gives the median of the rounds' ratios. (default: 1)"
            ) { options, value throws(UsageError) in
                options.rounds = try OptionValue.wholeNumber(value, for: "--rounds", in: 1...100)
            },
            CommandLineOption(
                name: "--audience", valueName: "ports",
                help:
                    "Instead of the scenarios, measure one session's audience on a server or cluster already running on these comma-separated local ports (HAProxy's, say): create a session through the first, join its presenter there and --viewers viewers spread over all, the presenter changing focus --presenter-rate times a second; print one JSON object."
            ) { options, value throws(UsageError) in
                options.audiencePorts = try value.split(separator: ",", omittingEmptySubsequences: false).map {
                    port throws(UsageError) in
                    try OptionValue.wholeNumber(String(port), for: "--audience", in: 1...65535)
                }
            },
            CommandLineOption(name: "--viewers", valueName: "n", help: "Viewers --audience joins. (default: 2000)") {
                options, value throws(UsageError) in
                options.viewers = try OptionValue.wholeNumber(value, for: "--viewers", in: 1...100_000)
            },
            CommandLineOption(
                name: "--presenter-rate", valueName: "n", help: "Focus changes a second of the --audience presenter. (default: 2)"
            ) { options, value throws(UsageError) in
                options.presenterRate = Double(try OptionValue.wholeNumber(value, for: "--presenter-rate", in: 1...1000))
            },
            CommandLineOption(
                name: "--core-intents", valueName: "n",
                help: "Intents the core scenario applies. (default: 200000)"
            ) { options, value throws(UsageError) in
                options.coreIntents = try OptionValue.wholeNumber(value, for: "--core-intents", in: 1000...1_000_000_000)
            },
        ]
    )

    /// Parses the arguments after the command name. `--quick` sets the starting values, so the
    /// options given with it win wherever they stand.
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineRequest<BenchOptions> {
        try syntax.parse(arguments, startingFrom: arguments.contains("--quick") ? BenchOptions.quick : BenchOptions())
    }

    static var help: String {
        syntax.help(
            sections: [(title: "SCENARIOS", rows: Scenario.all.map { ($0.name, $0.summary) })],
            closing: [
                "Run it through `make bench` (or scripts/bench.sh), which builds in release mode, raises the",
                "descriptor limit and pins focus-bench to core 1 while the server gets core 0.",
            ])
    }

    /// The text printed for a usage error, before exiting with code 64.
    static func errorText(_ error: UsageError) -> String { syntax.errorText(error) }
}
