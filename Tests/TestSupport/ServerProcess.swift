import Foundation
import Glibc
import Locking

/// The real `focus-sync` executable in its own process, for what only a process can show: a
/// restart on the same data folder, `kill -9`, SIGTERM, and what it prints when it cannot start.
public final class ServerProcess: @unchecked Sendable {
    // @unchecked: `process` and `port` are set in init; standard error is collected under a lock.
    public let process: Process
    public let port: Int
    private let errors: Pipe
    private let written = Locked("")

    /// `.build/debug/focus-sync` of this checkout.
    public static let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/focus-sync")

    /// The page folder of this checkout.
    public static let publicFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Public").path

    /// The example SwiftUI sources of this checkout (`Public/examples`).
    public static let examplesFolder = URL(fileURLWithPath: publicFolder).appendingPathComponent("examples")

    /// Starts `focus-sync --port 0 --public Public <arguments>`, with `environment` added to this
    /// process's, and waits for the URL it prints.
    public init(arguments: [String], environment: [String: String] = [:]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw TestFailure("no executable at \(Self.binary.path): run swift build first")
        }
        process = Process()
        process.executableURL = Self.binary
        process.arguments = ["--port", "0", "--public", Self.publicFolder, "--log-level", "error"] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var printed = ""
        while !printed.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw TestFailure("focus-sync exited before printing its URL: \(said)")
            }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        guard let port = printed.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap({ Int($0.1) }) else {
            throw TestFailure("no URL in \(printed)")
        }
        self.port = port
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            // At the end of the output the handler would be called again and again.
            if chunk.isEmpty { handle.readabilityHandler = nil }
            self?.written.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
        }
    }

    /// What the server has written to standard error since it printed its URL (its log).
    public var standardError: String {
        written.withLock { $0 }
    }

    /// SIGTERM, then waits for the exit.
    public func terminate() {
        process.terminate()
        process.waitUntilExit()
    }

    /// SIGKILL: the process gets no chance to store or close anything.
    public func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// How a `focus-sync` that was expected not to start ended.
    public struct Refusal: Sendable {
        /// The exit status, or the signal's number when `signaled`.
        public var status: Int32
        /// Whether a signal ended it (a crash), rather than `exit`.
        public var signaled: Bool
        /// Everything it wrote to standard error.
        public var stderr: String
        /// Whether it started serving after all (and was stopped).
        public var started: Bool
    }

    /// Runs `focus-sync` with `arguments` (optionally as another user, through `setpriv`) when it
    /// is expected not to start: how it ended and what it wrote to standard error. One that prints
    /// its URL, or is still running after `deadline`, started after all: it is stopped, and
    /// `started` says so.
    public static func failure(
        arguments: [String], asUser uid: UInt32? = nil, deadline: Duration = .seconds(30)
    ) throws -> Refusal {
        let process = Process()
        var command = [binary.path, "--port", "0", "--public", publicFolder] + arguments
        if let uid {
            command = ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups"] + command
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        } else {
            process.executableURL = URL(fileURLWithPath: command.removeFirst())
        }
        process.arguments = command
        let errors = Pipe()
        let output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        // It serves once it prints its URL; until then, wait for it to exit.
        var printed = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let end = ContinuousClock.now + deadline
        var started = false
        while process.isRunning && !started && ContinuousClock.now < end {
            started = poll(&printed, 1, 10) > 0 && printed.revents & Int16(POLLIN) != 0
        }
        started = started || process.isRunning
        if started {
            process.terminate()
        }
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Refusal(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, stderr: text,
            started: started)
    }

    /// Whether this process runs as root (permission bits then do not stop it, so tests that
    /// need them run the server as `nobody`).
    public static var isRoot: Bool { getuid() == 0 }

    /// The user id of `nobody`.
    public static let nobody: UInt32 = 65_534
}
