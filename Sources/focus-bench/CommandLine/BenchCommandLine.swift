/// What the command line asks for: run with options, or print help.
enum BenchRequest: Sendable {
    case run(BenchOptions)
    case help
}

/// The `focus-bench` command line, in the style of `focus-sync`'s: an abstract, a usage line,
/// help for every option, errors that name the option, and exit code 64 for usage errors.
enum BenchCommandLine {
    static let commandName = "focus-bench"
    static let usageErrorExitCode: Int32 = 64
    static let abstract =
        "Measure a FocusSync server under load: latency, loss, CPU and memory, one fresh server per scenario."

    /// One option: its name, the placeholder for its value (nil for a flag), its help and how it applies.
    struct Option: Sendable {
        var name: String
        var valueName: String?
        var help: String
        var apply: @Sendable (inout BenchOptions, String) throws(UsageError) -> Void
    }

    static let options: [Option] = [
        Option(
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
        Option(
            name: "--quick", valueName: nil,
            help: "Short run: --warmup 1 --duration 3 --idle-connections 2000 --core-intents 500000 (options given too win)."
        ) { _, _ throws(UsageError) in },
        Option(name: "--warmup", valueName: "seconds", help: "Load before the measured window. (default: 2)") {
            options, value throws(UsageError) in
            options.warmupSeconds = try seconds(value, for: "--warmup", in: 0...600)
        },
        Option(name: "--duration", valueName: "seconds", help: "Length of the measured window. (default: 10)") {
            options, value throws(UsageError) in
            options.durationSeconds = try seconds(value, for: "--duration", in: 0.5...3600)
        },
        Option(name: "--json", valueName: nil, help: "Print one JSON object per scenario, one a line, instead of tables.") {
            options, _ throws(UsageError) in
            options.json = true
        },
        Option(
            name: "--server", valueName: "path",
            help: "The focus-sync executable to start. (default: .build/release/focus-sync)"
        ) { options, value throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("--server needs the path of the focus-sync executable.") }
            options.serverExecutable = value
        },
        Option(name: "--public", valueName: "path", help: "The server's --public folder. (default: Public)") {
            options, value throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("--public needs the path of a folder.") }
            options.publicDirectory = value
        },
        Option(
            name: "--server-cpu", valueName: "core",
            help: "Pin the server to this core with taskset, or 'none'. (default: 0)"
        ) { options, value throws(UsageError) in
            options.serverCPU = value == "none" ? nil : try wholeNumber(value, for: "--server-cpu", in: 0...1023)
        },
        Option(
            name: "--idle-connections", valueName: "counts",
            help: "Comma-separated, increasing counts of idle connections for idle-memory. (default: 2000,10000)"
        ) { options, value throws(UsageError) in
            let counts = try value.split(separator: ",", omittingEmptySubsequences: false).map {
                count throws(UsageError) in try wholeNumber(String(count), for: "--idle-connections", in: 1...100_000)
            }
            guard zip(counts, counts.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw UsageError("--idle-connections expects increasing counts such as 2000,10000, got '\(value)'.")
            }
            options.idleConnections = counts
        },
        Option(
            name: "--core-intents", valueName: "n",
            help: "Intents the core scenario applies. (default: 2000000)"
        ) { options, value throws(UsageError) in
            options.coreIntents = try wholeNumber(value, for: "--core-intents", in: 1000...1_000_000_000)
        },
    ]

    /// Parses the arguments after the command name. `--quick` sets the starting values, so the
    /// options given with it win wherever they stand.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchRequest {
        var result = arguments.contains("--quick") ? BenchOptions.quick : BenchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-h" || argument == "--help" { return .help }
            let (name, inlineValue) = split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                if argument.hasPrefix("-") { throw UsageError("Unknown option '\(name)'.") }
                throw UsageError("Unexpected argument '\(argument)'; \(commandName) takes only options.")
            }
            guard let valueName = option.valueName else {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value.") }
                try option.apply(&result, "")
                continue
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw UsageError("Missing value for '\(name) <\(valueName)>'.")
            }
            try option.apply(&result, value)
        }
        return .run(result)
    }

    static var usage: String {
        "USAGE: \(commandName) "
            + options.map { option in "[\(option.name)\(option.valueName.map { " <\($0)>" } ?? "")]" }.joined(separator: " ")
    }

    static var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", usage, "", "OPTIONS:"]
        let rows = options.map { option in (option.name + (option.valueName.map { " <\($0)>" } ?? ""), option.help) }
            + [("-h, --help", "Show help information.")]
        lines += aligned(rows)
        lines += ["", "SCENARIOS:"]
        lines += aligned(Scenario.all.map { ($0.name, $0.summary) })
        lines += [
            "",
            "Run it through `make bench` (or scripts/bench.sh), which builds in release mode, raises the",
            "descriptor limit and pins focus-bench to core 1 while the server gets core 0.",
        ]
        return lines.joined(separator: "\n")
    }

    /// The text printed for a usage error, before exiting with ``usageErrorExitCode``.
    static func errorText(_ error: UsageError) -> String {
        "Error: \(error.message)\n\(usage)\n  See '\(commandName) --help' for more information."
    }

    private static func aligned(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { left, right in "  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + right }
    }

    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static func wholeNumber(_ text: String, for option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(option) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'.")
        }
        return number
    }

    static func seconds(_ text: String, for option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let number = Double(text), range.contains(number) else {
            throw UsageError("\(option) expects seconds from \(range.lowerBound.formatted()) to \(range.upperBound.formatted()), got '\(text)'.")
        }
        return number
    }
}

extension Double {
    /// `2` rather than `2.0`, `0.5` as it is.
    fileprivate func formatted() -> String {
        rounded() == self ? String(Int(self)) : String(self)
    }
}
