import CSQLite
import Glibc

/// What the integrity check at open found, when it did not find damage.
public enum IntegrityCheck: Sendable, Equatable {
    /// `PRAGMA quick_check` read every page and found nothing wrong.
    case passed
    /// The file is too large to check within ``StoreOptions/integrityCheckLimit``: the check was
    /// stopped there without finding damage, and the rest is checked as it is read.
    case stopped(after: Duration)

    /// Runs `PRAGMA quick_check` (every page and b-tree, without comparing indexes to tables),
    /// interrupting it through SQLite's progress handler once `limit` has passed.
    static func run(on connection: SQLiteConnection, path: String, limit: Duration) throws(StorageError) -> IntegrityCheck {
        let deadline = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        defer { deadline.deallocate() }
        deadline.pointee = monotonicNanoseconds() + UInt64(limit.components.seconds) * 1_000_000_000
            + UInt64(limit.components.attoseconds / 1_000_000_000)
        sqlite3_progress_handler(connection.handle, 10_000, { context in
            monotonicNanoseconds() > context!.assumingMemoryBound(to: UInt64.self).pointee ? 1 : 0
        }, deadline)
        defer { sqlite3_progress_handler(connection.handle, 0, nil, nil) }
        let problems: [String]
        do throws(SQLiteFailure) {
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

private func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
