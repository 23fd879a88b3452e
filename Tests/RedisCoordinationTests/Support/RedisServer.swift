import Foundation
import Glibc

@testable import RedisCoordination

/// A `redis-server` of the test's own, on a free port and in a temporary folder, stopped by
/// its PID when the test ends: `let redis = try RedisServer(); defer { redis.stop() }` (the
/// `defer` also keeps it alive to the end of the test). (Not `setpriv --pdeathsig`: that signal follows the spawning
/// *thread*, and the test runner's pool threads may end while the test still runs.)
///
/// Without persistence by default: nothing is restarted, so there is nothing to keep, and no
/// disk writes slow the tests down. `durable` turns the append-only file on with an fsync per
/// write, for the test that stops Redis and starts it again on the same data.
final class RedisServer {
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    let directory: URL
    let durable: Bool
    private var process: Process?

    var url: RedisURL { RedisURL(host: "127.0.0.1", port: port) }

    init(durable: Bool = false) throws {
        guard let executable = Self.executable else {
            throw SetupError(
                description:
                    "redis-server is not installed; install it with `sudo apt-get install redis-server` (or `make setup-test`) to run the Redis coordination tests"
            )
        }
        self.durable = durable
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("focus-sync-redis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A port nothing else listens on: Redis exits at once when the one tried is taken.
        var lastError: Error?
        for _ in 0..<8 {
            let port = Int.random(in: 20_000..<60_000)
            do {
                process = try Self.launch(executable, port: port, directory: directory, durable: durable)
                self.port = port
                return
            } catch {
                lastError = error
            }
        }
        try? FileManager.default.removeItem(at: directory)
        throw lastError ?? SetupError(description: "redis-server did not start")
    }

    deinit {
        stop()
    }

    var pid: Int32? { process?.processIdentifier }

    /// Kills the server and removes its folder.
    func stop() {
        kill()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Kills the server and starts it again on the same port and folder (so a durable server
    /// reloads its data).
    func restart() throws {
        kill()
        guard let executable = Self.executable else { return }
        process = try Self.launch(executable, port: port, directory: directory, durable: durable)
    }

    /// Kills the server and waits for it to end. SIGKILL, because the server may have
    /// inherited a signal mask blocking SIGTERM from the test runner's thread that spawned it;
    /// the durable server has fsynced every write, so it loses nothing either way.
    func kill() {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Freezes the process (SIGSTOP): connections stay open and nothing answers.
    func pause() {
        if let pid { Glibc.kill(pid, SIGSTOP) }
    }

    func resume() {
        if let pid { Glibc.kill(pid, SIGCONT) }
    }

    /// Runs one command on a connection of its own.
    @discardableResult
    func command(_ words: String...) throws -> RedisReply {
        let connection = try RedisConnection(url: url, connectTimeout: .seconds(1), commandTimeout: .seconds(1))
        return try connection.send([RedisCommand(words: words)])[0]
    }

    /// The changes stored in a session's stream, read directly.
    func storedChanges(of session: String) throws -> [StreamedChange] {
        let reply = try command("XRANGE", SessionKeys(sessionID: session).log, "-", "+")
        guard let changes = ReplyDecoding.changes(reply, sessionID: session) else {
            throw SetupError(description: "XRANGE of \(session) answered \(reply)")
        }
        return changes
    }

    private static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin"])
            .map { $0 + "/redis-server" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func launch(_ executable: String, port: Int, directory: URL, durable: Bool) throws -> Process {
        var command = [
            executable, "--port", String(port), "--bind", "127.0.0.1", "--dir", directory.path,
            "--logfile", directory.appendingPathComponent("redis.log").path, "--save", "",
            "--daemonize", "no",
        ]
        command += durable ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let url = RedisURL(host: "127.0.0.1", port: port)
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if !process.isRunning {
                throw SetupError(description: "redis-server exited at start on port \(port); see \(directory.path)/redis.log")
            }
            if let connection = try? RedisConnection(
                url: url, connectTimeout: .milliseconds(200), commandTimeout: .milliseconds(500)),
                let reply = try? connection.send([RedisCommand("PING")]), reply == [.status("PONG")]
            {
                return process
            }
            usleep(10_000)
        }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        throw SetupError(
            description: "redis-server on port \(port) did not answer PING within 10 s; see \(directory.path)/redis.log")
    }
}
