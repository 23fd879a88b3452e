/// Why a session could not be rebuilt from its durable log.
public enum ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A record's body could not be read.
    case unreadable(revision: Int, reason: String)
    /// The log skips or repeats a revision.
    case outOfOrder(expected: Int, found: Int)
    /// Applying the record again did not give what it gave the first time.
    case diverged(revision: Int, reason: String)
    /// A snapshot whose capabilities are not session ids.
    case badCapabilities
    /// A session an earlier FocusSync stored on its built-in screens, which no program of today
    /// runs: it has no source.
    case builtInScreens

    public var description: String {
        switch self {
        case .unreadable(let revision, let reason): "change \(revision) cannot be read (\(reason))"
        case .outOfOrder(let expected, let found): "the log has change \(found) where change \(expected) should be"
        case .diverged(let revision, let reason): "change \(revision) does not apply again as it did (\(reason))"
        case .badCapabilities: "its capabilities are not session ids"
        case .builtInScreens:
            "it was made on the built-in screens of an earlier FocusSync, which sessions no longer run (it has no SwiftUI source)"
        }
    }
}
