import Foundation
import Glibc

/// Runs `storage-test-child`, built next to the test bundle (the test target depends on it).
struct TestChild {
    let process: Process
    private let output: FileHandle
    private var buffered: [UInt8] = []

    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("storage-test-child")
    }

    /// True when permission bits do not apply to this process.
    static var isRoot: Bool { geteuid() == 0 }

    /// The user `open` runs as when the tests run as root (`nobody` on Debian).
    static let unprivilegedUserID = "65534"

    /// Starts the child with `arguments`, and `environment` added to this process's.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        output = pipe.fileHandleForReading
        try process.run()
    }

    /// The next line the child printed, or nil once it has ended and said everything.
    mutating func nextLine() -> String? {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            let data = output.availableData
            if data.isEmpty { return nil }
            buffered += data
        }
    }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Runs the child to its end and returns its exit status and first line.
    static func run(_ arguments: [String]) throws -> (status: Int32, line: String?) {
        var child = try TestChild(arguments)
        let line = child.nextLine()
        while child.nextLine() != nil {}
        child.process.waitUntilExit()
        return (child.process.terminationStatus, line)
    }
}
