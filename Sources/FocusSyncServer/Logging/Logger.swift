import Foundation
import Locking

/// One line per event on standard error: time, level, message, then `key=value` metadata.
///
/// `Logger` is a value that shares one output lock, so it can be copied into any thread.
public struct Logger: Sendable {
    public let level: LogLevel
    private let sink: @Sendable (String) -> Void

    /// A logger that writes to standard error.
    public init(level: LogLevel) {
        self.init(level: level) { line in Logger.standardError.withLock { _ in FileHandle.standardError.write(Data(line.utf8)) } }
    }

    /// A logger that hands each finished line (with its newline) to `sink`; for tests.
    public init(level: LogLevel, sink: @escaping @Sendable (String) -> Void) {
        self.level = level
        self.sink = sink
    }

    private static let standardError = Locked(())

    public func debug(_ message: @autoclosure () -> String, _ metadata: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.debug, message(), metadata())
    }
    public func info(_ message: @autoclosure () -> String, _ metadata: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.info, message(), metadata())
    }
    public func warning(_ message: @autoclosure () -> String, _ metadata: @autoclosure () -> KeyValuePairs<String, String> = [:])
    {
        log(.warning, message(), metadata())
    }
    public func error(_ message: @autoclosure () -> String, _ metadata: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.error, message(), metadata())
    }

    /// Whether a message at `level` would be written (to skip building costly metadata).
    public func isEnabled(_ level: LogLevel) -> Bool { level >= self.level }

    private func log(
        _ level: LogLevel, _ message: @autoclosure () -> String, _ metadata: @autoclosure () -> KeyValuePairs<String, String>
    ) {
        guard isEnabled(level) else { return }
        var line = "\(Date().formatted(.iso8601)) \(level.rawValue) \(message())"
        for (key, value) in metadata() {
            line += " \(key)=\(Logger.quoted(value))"
        }
        sink(line + "\n")
    }

    /// Values with spaces, quotes or `=` are quoted so every line splits back into pairs.
    static func quoted(_ value: String) -> String {
        guard value.isEmpty || value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline }) else {
            return value
        }
        let escaped = value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
        return "\"\(escaped)\""
    }
}
