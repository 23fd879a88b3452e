import CommandLineParsing
import RedisCoordination

/// The `focus-sync` command line, read by the shared ``CommandLineSyntax``.
public enum CommandLineInterface {
    public static let version = "0.2.0"
    public static let abstract =
        "Serve the FocusSync playground: live, shared SwiftUI @FocusState sessions over WebSockets."

    static let syntax = CommandLineSyntax<ServerOptions>(
        commandName: "focus-sync", abstract: abstract, version: version,
        options: [
            CommandLineOption(name: "--host", valueName: "host", help: "Interface to listen on. (default: 127.0.0.1)") {
                options, value throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("--host needs an address such as 127.0.0.1.") }
                options.host = value
            },
            CommandLineOption(name: "--port", valueName: "port", help: "Port to listen on; 0 picks a free one. (default: 8080)") {
                options, value throws(UsageError) in
                options.port = try OptionValue.wholeNumber(value, for: "--port", in: 0...65_535)
            },
            CommandLineOption(
                name: "--public", valueName: "path",
                help: "Folder of the page's files. (default: Public/ of this checkout)"
            ) { options, value throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("--public needs the path of a folder.") }
                options.publicDirectory = value
            },
            CommandLineOption(
                name: "--max-message-bytes", valueName: "n",
                help: "Largest WebSocket message accepted; bigger ones close with 1009. (default: 65536)"
            ) { options, value throws(UsageError) in
                options.maxMessageBytes = try OptionValue.wholeNumber(value, for: "--max-message-bytes", in: 256...16_777_216)
            },
            CommandLineOption(
                name: "--allow-origin", valueName: "origin",
                help: "Another origin whose pages may connect, e.g. https://demo.example. Repeatable.",
                repeatable: true
            ) { options, value throws(UsageError) in
                guard HostName(origin: value) != nil else {
                    throw UsageError(
                        "--allow-origin expects an origin such as https://demo.example (scheme and host, no path), got '\(value)'."
                    )
                }
                options.allowedOrigins.append(value)
            },
            CommandLineOption(
                name: "--allow-host", valueName: "name",
                help: "Another name requests may call this server by in Host, e.g. focus.example; "
                    + "IP addresses, localhost and this machine's name always may. Repeatable.",
                repeatable: true
            ) { options, value throws(UsageError) in
                guard !value.contains(":"), HostName(authority: value) != nil else {
                    throw UsageError(
                        "--allow-host expects a host name such as focus.example (no scheme, no port), got '\(value)'.")
                }
                options.allowedHosts.append(value)
            },
            CommandLineOption(
                name: "--session-ttl", valueName: "seconds",
                help: "Forget a session nobody has been connected to for this long. (default: 86400)"
            ) { options, value throws(UsageError) in
                options.sessions.idleTTLSeconds = Double(
                    try OptionValue.wholeNumber(value, for: "--session-ttl", in: 1...31_536_000))
            },
            CommandLineOption(name: "--max-sessions", valueName: "n", help: "Most sessions held at once. (default: 1000)") {
                options, value throws(UsageError) in
                options.sessions.maxSessions = try OptionValue.wholeNumber(value, for: "--max-sessions", in: 1...1_000_000)
            },
            CommandLineOption(
                name: "--max-clients-per-session", valueName: "n",
                help: "Most connections to one session. (default: 2000)"
            ) { options, value throws(UsageError) in
                options.sessions.maxClientsPerSession = try OptionValue.wholeNumber(
                    value, for: "--max-clients-per-session", in: 1...100_000)
            },
            CommandLineOption(
                name: "--rate-limit", valueName: "n",
                help: "Messages a second one connection may send, with bursts of twice that. (default: 100)"
            ) { options, value throws(UsageError) in
                options.sessions.messagesPerSecond = try OptionValue.wholeNumber(value, for: "--rate-limit", in: 1...1_000_000)
            },
            CommandLineOption(
                name: "--data-dir", valueName: "path",
                help:
                    "Folder that keeps every session across restarts; created if missing. (default: .focus-sync in the working directory)"
            ) { options, value throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("--data-dir needs the path of a folder.") }
                guard !options.inMemory else { throw UsageError("--data-dir and --in-memory cannot go together; choose one.") }
                guard options.redis == nil else { throw Self.redisExcludes("--data-dir") }
                options.dataDirectory = value
            },
            CommandLineOption(
                name: "--in-memory", valueName: nil,
                help: "Keep sessions in memory only: a restart forgets them."
            ) { options, _ throws(UsageError) in
                guard options.dataDirectory == nil else {
                    throw UsageError("--data-dir and --in-memory cannot go together; choose one.")
                }
                guard options.redis == nil else { throw Self.redisExcludes("--in-memory") }
                options.inMemory = true
            },
            CommandLineOption(
                name: "--redis", valueName: "url",
                help:
                    "Keep sessions in Redis instead of SQLite and share them with other processes, e.g. redis://127.0.0.1:6379/0."
            ) { options, value throws(UsageError) in
                guard options.dataDirectory == nil else { throw Self.redisExcludes("--data-dir") }
                guard !options.inMemory else { throw Self.redisExcludes("--in-memory") }
                do throws(RedisCoordinationError) {
                    options.redis = try RedisURL(parsing: value)
                } catch {
                    throw UsageError(error.description + ".")
                }
            },
            CommandLineOption(
                name: "--node-id", valueName: "id",
                help: "This process's name among the others sharing the Redis. (default: the host name and the port)"
            ) { options, value throws(UsageError) in
                do throws(RedisCoordinationError) {
                    try RedisCoordinatorConfiguration.check(nodeID: value)
                } catch {
                    throw UsageError(error.description + ".")
                }
                options.nodeID = value
            },
            CommandLineOption(
                name: "--lease-ttl", valueName: "seconds",
                help: "With --redis: how long a session stays with a process that stopped renewing it. (default: 6)"
            ) { options, value throws(UsageError) in
                options.leaseSeconds = try OptionValue.wholeNumber(value, for: "--lease-ttl", in: 3...600)
            },
            CommandLineOption(
                name: "--event-loop", valueName: "loop",
                help: "libuv (epoll, needs libwebsockets-evlib-uv) or poll (libwebsockets' own poll() loop). (default: libuv)"
            ) { options, value throws(UsageError) in
                options.eventLoop = try OptionValue.choice(value, for: "--event-loop")
            },
            CommandLineOption(
                name: "--log-level", valueName: "level",
                help: "One of debug, info, warning, error. (default: info)"
            ) { options, value throws(UsageError) in
                options.logLevel = try OptionValue.choice(value, for: "--log-level")
            },
        ]
    )

    private static func redisExcludes(_ option: String) -> UsageError {
        UsageError("--redis and \(option) cannot go together: with --redis the sessions are kept in Redis; choose one.")
    }

    /// Parses the arguments after the command name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineRequest<ServerOptions> {
        try syntax.parse(arguments, startingFrom: ServerOptions())
    }

    public static var help: String { syntax.help() }

    /// The text printed for a usage error, before exiting with code 64.
    public static func errorText(_ error: UsageError) -> String { syntax.errorText(error) }
}
