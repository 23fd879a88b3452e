import Foundation

/// For the crash tests: with `FOCUS_SYNC_KILL_IN_GROUP_COMMIT=<n>` in its environment, a process
/// sends itself SIGKILL inside its n-th group commit of two or more submissions, after half of
/// the group's writes and before `COMMIT`, so a test can check that every commit reported
/// before it survives and that the group it cut is stored wholly or not at all. Without the
/// variable it never fires.
struct GroupCommitCrashPoint {
    static let variable = "FOCUS_SYNC_KILL_IN_GROUP_COMMIT"
    /// Groups of two or more submissions still to pass before the one to die in.
    private var remaining: Int?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        remaining = environment[Self.variable].flatMap(Int.init).map { max(1, $0) - 1 }
    }

    /// For a group of `submissions` about to be written: the number of writes after which to
    /// die (through ``kill()``), or nil to commit it.
    mutating func writesBeforeKill(_ submissions: ArraySlice<Submission>) -> Int? {
        guard let left = remaining, submissions.count > 1 else { return nil }
        remaining = left - 1
        guard left == 0 else { return nil }
        return submissions.reduce(0) { $0 + $1.writes.count } / 2
    }

    /// Ends the process as `kill -9` would.
    func kill() -> Never {
        _ = Foundation.kill(getpid(), SIGKILL)
        fatalError("SIGKILL did not end the process")
    }
}
