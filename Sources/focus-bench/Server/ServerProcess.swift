import Foundation
import Glibc
import Locking

/// A `focus-sync` server started for one scenario: optionally pinned to a core with `taskset`,
/// on a kernel-chosen port read from the line it prints, and stopped when the scenario ends.
final class ServerProcess {
    let pid: Int32
    let port: Int
    private let process: Process
    /// The fresh data folder `{fresh}` in the arguments stood for, removed when the server stops.
    let freshFolder: String?

    /// Stands, in server arguments, for a new empty data folder for each server started
    /// (`--variant persistent:--data-dir={fresh}`), so scenarios never share stored sessions.
    static let freshFolderPlaceholder = "{fresh}"

    private static let taskset = "/usr/bin/taskset"
    private static let setpriv = "/usr/bin/setpriv"

    /// The server running now, so a signal to the bench can stop it too.
    private static let running = Locked<Int32?>(nil)

    struct Launch {
        var executable: String
        var publicDirectory: String
        /// The core to pin the server to, or nil to leave it unpinned.
        var cpu: Int?
        /// Options after `--port 0 --public <dir>`.
        var arguments: [String]
        /// How long it may take to print its URL (which it does once it has restored its sessions).
        var startSeconds = 15.0
    }

    /// Starts the server and waits (at most `launch.startSeconds`) for the line with its URL.
    init(_ launch: Launch) throws(BenchError) {
        guard FileManager.default.isExecutableFile(atPath: launch.executable) else {
            throw .setup("no server executable at \(launch.executable); build it with `swift build -c release` or pass --server")
        }
        var arguments = launch.arguments
        if arguments.contains(where: { $0.contains(Self.freshFolderPlaceholder) }) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focus-bench-\(UUID().uuidString)").path
            arguments = arguments.map { $0.replacingOccurrences(of: Self.freshFolderPlaceholder, with: folder) }
            freshFolder = folder
        } else {
            freshFolder = nil
        }
        // Without a data folder (or Redis) a server would keep its sessions in the working
        // directory and the next scenario's server would restore them all.
        let store = ["--data-dir", "--redis"]
        if !arguments.contains(where: { argument in store.contains { argument == $0 || argument.hasPrefix($0 + "=") } }) {
            arguments.append("--in-memory")
        }
        let serverArguments = [launch.executable, "--port", "0", "--public", launch.publicDirectory] + arguments
        var command = serverArguments
        if let cpu = launch.cpu {
            command = [Self.taskset, "-c", String(cpu)] + command
        }
        if FileManager.default.isExecutableFile(atPath: Self.setpriv) {
            // The server gets SIGTERM if the bench dies without stopping it (a crash, SIGKILL).
            command = [Self.setpriv, "--pdeathsig", "TERM", "--"] + command
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .setup("cannot start \(launch.executable): \(error)")
        }
        // The child has its copy of the write end; closing ours lets a server that exits early read as EOF.
        try? output.fileHandleForWriting.close()
        // setpriv and taskset exec what follows them, so the pid is the server's own.
        pid = process.processIdentifier
        self.process = process
        Self.running.withLock { $0 = process.processIdentifier }
        guard let line = Self.readLine(from: output.fileHandleForReading.fileDescriptor, timeout: launch.startSeconds),
            let port = Self.port(inServingLine: line)
        else {
            Self.stop(process)
            throw .setup(
                "the server did not print the address it is serving within \(Int(launch.startSeconds)) s: \(launch.executable) \(serverArguments.dropFirst().joined(separator: " "))"
            )
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// The port in `FocusSync 0.1.0 serving http://127.0.0.1:PORT/ (…)`.
    static func port(inServingLine line: String) -> Int? {
        guard let range = line.range(of: "serving http://") else { return nil }
        let address = line[range.upperBound...].prefix { $0 != "/" && $0 != " " }
        guard let colon = address.lastIndex(of: ":") else { return nil }
        return Int(address[address.index(after: colon)...])
    }

    func sample() -> ProcessSample? {
        ProcessSample.read(pid: pid)
    }

    /// What `/healthz` counts.
    struct Health: Decodable {
        var connections: Int
        var sessions: Int
    }

    /// The server's `/healthz`, or nil if it did not answer.
    func health() -> Health? {
        guard let response = try? HTTPExchange.send(method: "GET", target: "/healthz", port: port), response.status == 200 else {
            return nil
        }
        return try? JSONDecoder().decode(Health.self, from: Data(response.body))
    }

    /// The open WebSocket connections the server reports on `/healthz`, or nil if it did not answer.
    func connectionCount() -> Int? {
        health()?.connections
    }

    /// The revision of session `id` (`GET /api/sessions/{id}`): the changes applied to it.
    func revision(ofSession id: String) -> Int? {
        struct Session: Decodable { var revision: Int }
        guard let response = try? HTTPExchange.send(method: "GET", target: "/api/sessions/\(id)", port: port),
            response.status == 200
        else { return nil }
        return (try? JSONDecoder().decode(Session.self, from: Data(response.body)))?.revision
    }

    /// The keys of the text fields session `id`'s own program draws, in draw order
    /// (`GET /api/sessions/{id}`); empty when the session cannot be read.
    func fieldKeys(ofSession id: String) -> [String] {
        struct View: Decodable {
            var kind: String
            var key: String?
            var content: [View]
        }
        struct Session: Decodable {
            struct State: Decodable {
                struct Program: Decodable { var drawn: Drawn }
                struct Drawn: Decodable { var content: [View] }
                var program: Program
            }
            var state: State
        }
        guard let response = try? HTTPExchange.send(method: "GET", target: "/api/sessions/\(id)", port: port),
            response.status == 200,
            let session = try? JSONDecoder().decode(Session.self, from: Data(response.body))
        else { return [] }
        func keys(_ views: [View]) -> [String] {
            views.flatMap { view in
                (["textField", "secureField", "textEditor"].contains(view.kind) ? view.key.map { [$0] } ?? [] : [])
                    + keys(view.content)
            }
        }
        return keys(session.state.program.drawn.content)
    }

    /// `POST /api/sessions` (from local address `source`, if given: the server lets one address
    /// create 200 sessions at once, then 5 a second); returns the new session's id.
    /// With `swift`, the session runs that SwiftUI source.
    func createSession(from source: String? = nil, source swift: String? = nil) throws(BenchError) -> String {
        struct Created: Decodable { var id: String }
        let body = swift.map { (try? JSONEncoder().encode(["source": $0])).map(Array.init) ?? [] } ?? []
        let response = try HTTPExchange.send(method: "POST", target: "/api/sessions", port: port, from: source, body: body)
        guard response.status == 201, let created = try? JSONDecoder().decode(Created.self, from: Data(response.body)) else {
            throw .setup("POST /api/sessions answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return created.id
    }

    /// SIGTERM, then SIGKILL if it has not exited within 5 s; removes its fresh data folder.
    func stop() {
        Self.stop(process)
        if let freshFolder { try? FileManager.default.removeItem(atPath: freshFolder) }
    }

    /// Stops the server as ``stop()`` does, so that it stores its last snapshots and folds its
    /// -wal into the database, and returns the bytes of the database and -wal in its fresh data
    /// folder (nil without one).
    func stopAndMeasureStore() -> Int? {
        Self.stop(process)
        defer { stop() }
        return freshFolder.map(Self.databaseBytes)
    }

    /// SIGKILL: the server stores nothing more, as in a crash.
    func kill() {
        Self.forget(pid)
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The bytes of the database in data folder `folder`, of its -wal and of its pending log (the
    /// -shm index and the lock file hold no data).
    static func databaseBytes(in folder: String) -> Int {
        ["focus-sync.sqlite3", "focus-sync.sqlite3-wal", "focus-sync.sqlite3-pending"].reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
    }

    private static func stop(_ process: Process) {
        forget(process.processIdentifier)
        guard process.isRunning else { return }
        process.terminate()
        let deadline = MonotonicClock.nanoseconds() + 5_000_000_000
        while process.isRunning && MonotonicClock.nanoseconds() < deadline {
            MonotonicClock.sleep(seconds: 0.02)
        }
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The server `pid` is stopping: a signal to the bench has no longer to stop it.
    private static func forget(_ pid: Int32) {
        running.withLock { if $0 == pid { $0 = nil } }
    }

    /// Kills the running server, if any; for the bench's own SIGINT and SIGTERM handler.
    static func killRunning() {
        if let pid = running.withLock({ $0 }) {
            Glibc.kill(pid, SIGTERM)
        }
    }

    /// Reads one line from `descriptor`, waiting at most `timeout` seconds in total.
    private static func readLine(from descriptor: Int32, timeout: Double) -> String? {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4096 {
            let now = MonotonicClock.nanoseconds()
            guard now < deadline else { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32((deadline - now) / 1_000_000) + 1) > 0 else { continue }
            guard Glibc.read(descriptor, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
