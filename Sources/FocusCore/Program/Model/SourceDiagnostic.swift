/// Something the reader of a source has to say about one place in it, as the wire carries it:
/// `{"line", "column", "severity", "message"}`.
public struct SourceDiagnostic: Equatable, Sendable, Codable {
    public enum Severity: String, Equatable, Sendable, Codable, CaseIterable {
        /// The source cannot run as written.
        case error
        /// The source runs, but not all of it as SwiftUI would.
        case warning
        /// More about the diagnostic before it.
        case note
    }

    /// From 1.
    public var line: Int
    /// From 1, in UTF-8 bytes of the line, as the Swift compiler counts columns.
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(line: Int, column: Int, severity: Severity, message: String) {
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }
}
