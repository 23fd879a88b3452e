/// What happened to the writes a commit report covers.
public enum CommitOutcome: Sendable, Equatable {
    /// Every one is stored in Redis.
    case stored
    /// These were not stored; every other one is.
    case storedExcept([FailedWrite])

    init(failures: [FailedWrite]) {
        self = failures.isEmpty ? .stored : .storedExcept(failures)
    }
}
