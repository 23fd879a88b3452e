import Foundation
import Glibc

/// The real `focus-sync` executable in its own process, for what only a process can show: a
/// restart on the same data folder, `kill -9`, SIGTERM, and what it prints when it cannot start.
public final class ServerProcess: @unchecked Sendable {
    // @unchecked: `process` and `port` are set in init; the output is read once.
    public let process: Process
    public let port: Int
    private let errors: Pipe

    /// `.build/debug/focus-sync` of this checkout.
    public static let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/focus-sync")

    /// The page folder of this checkout.
    public static let publicFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Public").path

    /// Starts `focus-sync --port 0 --public Public <arguments>` and waits for the URL it prints.
    public init(arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw TestFailure("no executable at \(Self.binary.path): run swift build first")
        }
        process = Process()
        process.executableURL = Self.binary
        process.arguments = ["--port", "0", "--public", Self.publicFolder, "--log-level", "error"] + arguments
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

    /// Runs `focus-sync` with `arguments` (optionally as another user, through `setpriv`) when it
    /// is expected not to start: its exit status and what it wrote to standard error.
    public static func failure(arguments: [String], asUser uid: UInt32? = nil) throws -> (status: Int32, stderr: String) {
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
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 0 || text.isEmpty {
            // It started after all: stop it so the test does not hang.
            process.terminate()
        }
        return (process.terminationStatus, text)
    }

    /// Whether this process runs as root (permission bits then do not stop it, so tests that
    /// need them run the server as `nobody`).
    public static var isRoot: Bool { getuid() == 0 }

    /// The user id of `nobody`.
    public static let nobody: UInt32 = 65_534
}
