import CSQLite

/// What the integrity check at open found, when it did not find damage.
public enum IntegrityCheck: Sendable, Equatable {
    /// `PRAGMA quick_check` read every page and found nothing wrong.
    case passed
    /// The file is too large to check within ``StoreOptions/integrityCheckLimit``: the check was
    /// stopped there without finding damage, and the rest is checked as it is read.
    case stopped(after: Duration)

    /// Runs `PRAGMA quick_check` (every page and b-tree, without comparing indexes to tables),
    /// interrupting it once `limit` has passed.
    static func run(on connection: SQLiteConnection, path: String, limit: Duration) throws(StorageError) -> IntegrityCheck {
        let watchdog = StatementWatchdog(connection, after: limit)
        let problems: [String]
        do throws(SQLiteFailure) {
            defer { watchdog.disarm() }
            problems = try connection.texts("PRAGMA quick_check(10)")
        } catch {
            if error.primaryCode == SQLITE_INTERRUPT { return .stopped(after: limit) }
            throw error.storageError(path: path)
        }
        guard problems != ["ok"] else { return .passed }
        // SQLite's report is lines such as "*** in database main ***\nPage 4: btreeInitPage() returns error code 11".
        let lines = problems.flatMap { $0.split(separator: "\n") }.filter { !$0.hasPrefix("***") }
        let first = lines.first.map(String.init) ?? "the integrity check failed"
        throw .damaged(path: path, reason: lines.count > 1 ? first + ", and more" : first)
    }
}
