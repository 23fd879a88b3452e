/// What the command line asks for: serve with options, or print help or the version.
public enum CommandLineRequest: Sendable, Equatable {
    case serve(ServerOptions)
    case help
    case version
}

/// The `focus-sync` command line, in the manner of swift-argument-parser: an abstract, a usage
/// line, help for every option, errors that name the option, and exit code 64 for usage errors.
public enum CommandLineInterface {
    public static let commandName = "focus-sync"
    public static let version = "0.1.0"
    public static let usageErrorExitCode: Int32 = 64
    public static let abstract =
        "Serve the FocusSync playground: live, shared SwiftUI @FocusState sessions over WebSockets."

    /// One option: its name, the placeholder for its value (nil for a flag), its help and how it applies.
    struct Option: Sendable {
        var name: String
        var valueName: String?
        var help: String
        var repeatable = false
        var apply: @Sendable (inout ServerOptions, String) throws(UsageError) -> Void
    }

    static let options: [Option] = [
        Option(name: "--host", valueName: "host", help: "Interface to listen on. (default: 127.0.0.1)") {
            options, value throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("--host needs an address such as 127.0.0.1.") }
            options.host = value
        },
        Option(name: "--port", valueName: "port", help: "Port to listen on; 0 picks a free one. (default: 8080)") {
            options, value throws(UsageError) in
            options.port = try wholeNumber(value, for: "--port", in: 0...65_535)
        },
        Option(
            name: "--public", valueName: "path",
            help: "Folder of the page's files. (default: Public/ of this checkout)"
        ) { options, value throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("--public needs the path of a folder.") }
            options.publicDirectory = value
        },
        Option(
            name: "--max-message-bytes", valueName: "n",
            help: "Largest WebSocket message accepted; bigger ones close with 1009. (default: 65536)"
        ) { options, value throws(UsageError) in
            options.maxMessageBytes = try wholeNumber(value, for: "--max-message-bytes", in: 256...16_777_216)
        },
        Option(
            name: "--allow-origin", valueName: "origin",
            help: "Another origin whose pages may connect, e.g. https://demo.example. Repeatable.",
            repeatable: true
        ) { options, value throws(UsageError) in
            guard value.hasPrefix("http://") || value.hasPrefix("https://"), !value.hasSuffix("/") else {
                throw UsageError(
                    "--allow-origin expects an origin such as https://demo.example (scheme and host, no path), got '\(value)'."
                )
            }
            options.allowedOrigins.append(value)
        },
        Option(
            name: "--session-ttl", valueName: "seconds",
            help: "Forget a session nobody has been connected to for this long. (default: 86400)"
        ) { options, value throws(UsageError) in
            options.sessions.idleTTLSeconds = Double(try wholeNumber(value, for: "--session-ttl", in: 1...31_536_000))
        },
        Option(name: "--max-sessions", valueName: "n", help: "Most sessions held at once. (default: 1000)") {
            options, value throws(UsageError) in
            options.sessions.maxSessions = try wholeNumber(value, for: "--max-sessions", in: 1...1_000_000)
        },
        Option(
            name: "--max-clients-per-session", valueName: "n",
            help: "Most connections to one session. (default: 2000)"
        ) { options, value throws(UsageError) in
            options.sessions.maxClientsPerSession = try wholeNumber(value, for: "--max-clients-per-session", in: 1...100_000)
        },
        Option(
            name: "--rate-limit", valueName: "n",
            help: "Messages a second one connection may send, with bursts of twice that. (default: 100)"
        ) { options, value throws(UsageError) in
            options.sessions.messagesPerSecond = try wholeNumber(value, for: "--rate-limit", in: 1...1_000_000)
        },
        Option(
            name: "--event-loop", valueName: "loop",
            help: "libuv (epoll, needs libwebsockets-evlib-uv) or poll (libwebsockets' own poll() loop). (default: libuv)"
        ) { options, value throws(UsageError) in
            guard let loop = EventLoop(rawValue: value) else {
                throw UsageError("--event-loop must be libuv or poll, got '\(value)'.")
            }
            options.eventLoop = loop
        },
        Option(
            name: "--log-level", valueName: "level",
            help: "One of debug, info, warning, error. (default: info)"
        ) { options, value throws(UsageError) in
            guard let level = LogLevel(rawValue: value) else {
                throw UsageError("--log-level must be one of debug, info, warning, error, got '\(value)'.")
            }
            options.logLevel = level
        },
    ]

    /// Parses the arguments after the command name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineRequest {
        var result = ServerOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "--version": return .version
            default: break
            }
            let (name, inlineValue) = split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                if argument.hasPrefix("-") { throw UsageError("Unknown option '\(name)'.") }
                throw UsageError("Unexpected argument '\(argument)'; \(commandName) takes only options.")
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw UsageError("Missing value for '\(name) <\(option.valueName ?? "value")>'.")
            }
            try option.apply(&result, value)
        }
        return .serve(result)
    }

    public static var usage: String {
        "USAGE: \(commandName) "
            + options.map { "[\($0.name) <\($0.valueName ?? "")>\($0.repeatable ? " ..." : "")]" }
            .joined(separator: " ")
    }

    public static var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", usage, "", "OPTIONS:"]
        let rows = options.map { ("\($0.name) <\($0.valueName ?? "")>", $0.help) }
            + [("--version", "Show the version."), ("-h, --help", "Show help information.")]
        let width = rows.map(\.0.count).max() ?? 0
        for (left, right) in rows {
            lines.append("  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + right)
        }
        return lines.joined(separator: "\n")
    }

    /// The text printed for a usage error, before exiting with ``usageErrorExitCode``.
    public static func errorText(_ error: UsageError) -> String {
        "Error: \(error.message)\n\(usage)\n  See '\(commandName) --help' for more information."
    }

    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static func wholeNumber(_ text: String, for option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(option) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'."
            )
        }
        return number
    }
}
