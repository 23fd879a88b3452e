import Foundation

/// A script of `Tests/js` run with Node.js, which `make test` installs (the Debian package `nodejs`).
struct NodeScript {
    /// Why a script could not run or failed.
    enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case couldNotStart(String)
        case failed(script: String, status: Int32, output: String)

        var description: String {
            switch self {
            case .notInstalled:
                "Node.js is not on the PATH, so the page's JavaScript cannot be checked; run `make test`, which installs the Debian package nodejs, or `scripts/ensure-debian-packages.sh nodejs`."
            case .couldNotStart(let reason):
                "Node.js would not start (\(reason)); check that `node --version` works."
            case .failed(let script, let status, let output):
                "Tests/js/\(script) exited with status \(status): \(output.prefix(2_000))"
            }
        }
    }

    /// The repository's root folder.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let name: String

    /// Runs the script with `arguments` and returns what it printed to standard output.
    func run(_ arguments: [String]) throws(Failure) -> Data {
        guard let node = Self.executable() else { throw .notInstalled }
        let process = Process()
        process.executableURL = node
        process.arguments = [Self.repository.appendingPathComponent("Tests/js/\(name)").path] + arguments
        let output = Pipe()
        process.standardOutput = output
        // Errors go to a file, so a long stack trace cannot fill a pipe nobody reads yet.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("node-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        do {
            try Data().write(to: errorFile)
            process.standardError = try FileHandle(forWritingTo: errorFile)
            try process.run()
        } catch {
            throw .couldNotStart("\(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw .failed(script: name, status: process.terminationStatus, output: errors)
        }
        return data
    }

    /// `node` (or Debian's older name, `nodejs`) on the PATH.
    private static func executable() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for name in ["node", "nodejs"] {
            for folder in path.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }
}
