import CommandLineParsing
import FocusProtocol
import Foundation
import RedisCoordination
import TestSupport
import Testing

@testable import FocusSyncServer

@Suite("focus-sync command line")
struct CommandLineTests {
    @Test func defaultsServeLocalhost8080() throws {
        let request = try CommandLineInterface.parse([])
        #expect(request == .run(ServerOptions()))
        #expect(ServerOptions().host == "127.0.0.1")
        #expect(ServerOptions().port == 8080)
    }

    @Test func everyOptionIsApplied() throws {
        let request = try CommandLineInterface.parse([
            "--host", "0.0.0.0", "--port=0", "--public", "/srv/page", "--max-message-bytes", "1024",
            "--allow-origin", "https://a.example", "--allow-origin=http://b.example:3000", "--allow-host", "focus.example",
            "--allow-host=focus.lan", "--log-level", "debug",
            "--session-ttl", "60", "--max-sessions", "5", "--max-clients-per-session", "3", "--rate-limit", "7",
            "--event-loop", "poll", "--redis", "redis://10.0.0.5:6390/2", "--node-id", "node7", "--lease-ttl", "9",
        ])
        var expected = ServerOptions()
        expected.host = "0.0.0.0"
        expected.port = 0
        expected.publicDirectory = "/srv/page"
        expected.maxMessageBytes = 1024
        expected.allowedOrigins = ["https://a.example", "http://b.example:3000"]
        expected.allowedHosts = ["focus.example", "focus.lan"]
        expected.logLevel = .debug
        expected.sessions.idleTTLSeconds = 60
        expected.sessions.maxSessions = 5
        expected.sessions.maxClientsPerSession = 3
        expected.sessions.messagesPerSecond = 7
        expected.eventLoop = .poll
        expected.redis = RedisURL(host: "10.0.0.5", port: 6390, database: 2)
        expected.nodeID = "node7"
        expected.leaseSeconds = 9
        #expect(request == .run(expected))
    }

    @Test func theNodeIdIsTheHostAndThePortUnlessGiven() throws {
        var options = ServerOptions()
        #expect(options.defaultNodeID.hasSuffix("-8080"))
        #expect(throws: Never.self) { try RedisCoordinatorConfiguration.check(nodeID: options.defaultNodeID) }
        options.port = 0
        #expect(options.defaultNodeID.hasSuffix("-pid\(ProcessInfo.processInfo.processIdentifier)"))
    }

    @Test func helpAndVersionWinOverOtherOptions() throws {
        #expect(try CommandLineInterface.parse(["--port", "1", "--help"]) == .help)
        #expect(try CommandLineInterface.parse(["-h"]) == .help)
        #expect(try CommandLineInterface.parse(["--version"]) == .version)
    }

    @Test func helpHasAnAbstractAndEveryOption() {
        let help = CommandLineInterface.help
        #expect(help.hasPrefix("OVERVIEW: "))
        for option in CommandLineInterface.syntax.options.map(\.name) + ["--version", "--help"] {
            #expect(help.contains(option), "help lacks \(option)")
        }
    }

    @Test(arguments: [
        (["--port", "abc"], "--port expects a whole number from 0 to 65535, got 'abc'."),
        (["--port", "70000"], "--port expects a whole number from 0 to 65535, got '70000'."),
        (["--port"], "Missing value for '--port <port>'."),
        (["--max-message-bytes", "-5"], "--max-message-bytes expects a whole number from 256 to 16777216, got '-5'."),
        (["--log-level", "loud"], "--log-level must be one of debug, info, warning, error, got 'loud'."),
        (["--event-loop", "epoll"], "--event-loop must be libuv or poll, got 'epoll'."),
        (
            ["--allow-origin", "example.com"],
            "--allow-origin expects an origin such as https://demo.example (scheme and host, no path), got 'example.com'."
        ),
        (
            ["--allow-origin", "https://demo.example/app"],
            "--allow-origin expects an origin such as https://demo.example (scheme and host, no path), got 'https://demo.example/app'."
        ),
        (
            ["--allow-host", "https://focus.example"],
            "--allow-host expects a host name such as focus.example (no scheme, no port), got 'https://focus.example'."
        ),
        (
            ["--allow-host", "focus.example:8080"],
            "--allow-host expects a host name such as focus.example (no scheme, no port), got 'focus.example:8080'."
        ),
        (["--frobnicate"], "Unknown option '--frobnicate'."),
        (
            ["--redis", "http://cache:6379"],
            "--redis 'http://cache:6379' is not a Redis URL (it does not start with redis://); expected redis://host:port[/db], for example redis://127.0.0.1:6379/0."
        ),
        (
            ["--redis", "redis://cache", "--in-memory"],
            "--redis and --in-memory cannot go together: with --redis the sessions are kept in Redis; choose one."
        ),
        (
            ["--data-dir", "/srv/data", "--redis", "redis://cache"],
            "--redis and --data-dir cannot go together: with --redis the sessions are kept in Redis; choose one."
        ),
        (
            ["--node-id", "node 1"],
            "--node-id 'node 1' cannot name a node; use 1 to 64 letters, digits, '.', '_' or '-', different for every process."
        ),
        (["--lease-ttl", "2"], "--lease-ttl expects a whole number from 3 to 600, got '2'."),
        (["--session-ttl", "0"], "--session-ttl expects a whole number from 1 to 31536000, got '0'."),
        (["--rate-limit", "fast"], "--rate-limit expects a whole number from 1 to 1000000, got 'fast'."),
        (["serve"], "Unexpected argument 'serve'; focus-sync takes only options."),
    ])
    func usageErrorsNameTheOption(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try CommandLineInterface.parse(arguments) }
    }

    @Test func theREADMEListsEveryOption() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"),
            encoding: .utf8)
        for option in CommandLineInterface.syntax.options {
            #expect(readme.contains("| `\(option.name)` |"), "README.md does not list \(option.name)")
        }
    }

    @Test func usageErrorTextPointsAtHelp() {
        let text = CommandLineInterface.errorText(UsageError("Unknown option '--x'."))
        #expect(text.hasPrefix("Error: Unknown option '--x'.\nUSAGE: focus-sync "))
        #expect(text.hasSuffix("See 'focus-sync --help' for more information."))
        #expect(CommandLineSyntax<ServerOptions>.usageErrorExitCode == 64)
    }
}
