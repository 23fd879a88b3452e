import CSQLite

/// Writes groups of submissions on the writer's connection, one transaction per group, with the
/// statements prepared once.
///
/// A submission refused for its own content (a duplicate revision, a session that does not
/// exist) is rolled back alone and the rest of the group still commits. Changes go through the
/// ``ChangeLog``.
final class GroupCommitter {
    private let connection: SQLiteConnection
    private let path: String
    private let keepChangesBehindSnapshot: Bool
    private var crashPoint = GroupCommitCrashPoint()
    /// When a committed group last stamped each session's `updated_at`: a busy session is stamped
    /// once a ``stampInterval``, not in every group (the update cost as much as the change).
    private var stamped: [String: Int64] = [:]
    static let stampInterval: Int64 = 1000
    private let begin, commit, rollback, savepoint, release, rollbackToSavepoint: PreparedStatement
    private let upsertSession, touchSession, upsertSnapshot, upsertMember, deleteSession: PreparedStatement
    private let updateApplied: PreparedStatement
    /// The highest pending-log sequence number the database holds (``PendingLog``).
    private(set) var appliedSequence: Int64
    private let changeLog: ChangeLog
    /// The WAL's length in frames after the last commit, set by SQLite's WAL hook.
    private let walPages = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// A checkpoint copies each page the WAL holds once, however many commits rewrote it, and
    /// syncs both files: 10,000 pages (40 MiB, under the journal size limit) between checkpoints
    /// instead of SQLite's 1,000 copies and syncs a tenth as often, where every group rewrites
    /// the last page of each session it touches.
    static let checkpointPages: Int32 = 10_000

    init(path: String, options: StoreOptions) throws(StorageError) {
        self.path = path
        keepChangesBehindSnapshot = options.keepChangesBehindSnapshot
        let connection = try SQLiteConnection.configured(path: path, options: options)
        self.connection = connection
        walPages.initialize(to: 0)
        do throws(SQLiteFailure) {
            // The writer appends to the last page of every active session's log: 64 MiB keeps
            // 16,000 of them in memory instead of reading them back for every group (SQLite's
            // default is 2 MiB).
            try connection.execute("PRAGMA cache_size = -65536")
            // A fold sorts the changes it moves (`ORDER BY session, revision`): in a temporary
            // file under /var/tmp by default, a megabyte of writes for every fold.
            try connection.execute("PRAGMA temp_store = MEMORY")
            // No automatic checkpoint: it would run inside the commit that crosses its limit,
            // holding every commit behind it. The writer's ``Checkpointer`` checkpoints instead.
            focussync_sqlite_track_wal_pages(connection.handle, walPages)
            func prepare(_ sql: String) throws(SQLiteFailure) -> PreparedStatement { try PreparedStatement(sql, on: connection) }
            begin = try prepare("BEGIN IMMEDIATE")
            commit = try prepare("COMMIT")
            rollback = try prepare("ROLLBACK")
            savepoint = try prepare("SAVEPOINT submission")
            release = try prepare("RELEASE submission")
            rollbackToSavepoint = try prepare("ROLLBACK TO submission")
            upsertSession = try prepare(
                """
                INSERT INTO sessions (id, meta, updated_at) VALUES (?1, ?2, ?3)
                ON CONFLICT (id) DO UPDATE SET meta = excluded.meta, updated_at = excluded.updated_at
                """)
            touchSession = try prepare("UPDATE sessions SET updated_at = ?2 WHERE id = ?1")
            upsertSnapshot = try prepare(
                """
                INSERT INTO snapshots (session, revision, body) VALUES (?1, ?2, ?3)
                ON CONFLICT (session) DO UPDATE SET revision = excluded.revision, body = excluded.body
                """)
            upsertMember = try prepare(
                """
                INSERT INTO members (session, client, body) VALUES (?1, ?2, ?3)
                ON CONFLICT (session, client) DO UPDATE SET body = excluded.body
                """)
            deleteSession = try prepare("DELETE FROM sessions WHERE id = ?1")
            updateApplied = try prepare("UPDATE pending_applied SET sequence = ?1 WHERE id = 1")
            appliedSequence = try connection.integer("SELECT sequence FROM pending_applied") ?? 0
            changeLog = try ChangeLog(connection: connection, options: options)
        } catch {
            throw error.storageError(path: path)
        }
    }

    deinit {
        walPages.deallocate()
    }

    /// Whether enough changes wait in `recent_changes` for ``fold()``.
    var foldIsDue: Bool { changeLog.foldIsDue }

    /// Whether the WAL is long enough for a checkpoint (``Checkpointer``), as of the last commit.
    var checkpointIsDue: Bool { walPages.pointee >= Self.checkpointPages }

    /// Folds the changes waiting in `recent_changes` into `changes`, in a transaction of its own:
    /// milliseconds of work, for the writer's own thread. A failure leaves it due, for the next time.
    func fold() {
        do throws(SQLiteFailure) {
            try begin.execute()
            try changeLog.finishGroup()
            try commit.execute()
            changeLog.committed()
        } catch {
            if connection.isInTransaction { try? rollback.execute() }
            changeLog.rolledBack()
        }
    }

    /// Stores `submissions` in one transaction, stamping the sessions they touch with `now`
    /// (milliseconds since 1970). With `folding` false the changes waiting in `recent_changes`
    /// stay there (``fold()`` moves them). With `pendingThrough`, they are records of the pending
    /// log, and the same transaction records that the database holds them through that number.
    ///
    /// The group is first written without savepoints (two statements less per submission); only
    /// when a submission is refused for its own content is it rolled back and written again,
    /// each submission in its savepoint.
    func commit(
        _ submissions: ArraySlice<Submission>, now: Int64, folding: Bool = true, pendingThrough: Int64? = nil
    ) -> GroupOutcome {
        guard let last = submissions.last?.ticket else { return GroupOutcome(reports: [], groupFailure: nil) }
        var reports: [(through: StorageTicket, outcome: Result<Void, StorageError>)] = []
        do throws(SQLiteFailure) {
            try begin.execute()
            var touched = Set<String>()
            if try storeAll(submissions, touched: &touched) {
                let stamps = try touch(touched, now: now)
                try markApplied(through: pendingThrough)
                try changeLog.finishGroup(folding: folding)
                try commit.execute()
                changeLog.committed()
                for session in stamps { stamped[session] = now }
                if let pendingThrough { appliedSequence = pendingThrough }
                return GroupOutcome(reports: [(last, .success(()))], groupFailure: nil)
            }
            try rollback.execute()
            changeLog.rolledBack()
            try begin.execute()
            touched.removeAll()
            var storedThrough: StorageTicket?
            for submission in submissions {
                if let refusal = try store(submission, touched: &touched) {
                    if let storedThrough { reports.append((storedThrough, .success(()))) }
                    storedThrough = nil
                    reports.append((submission.ticket, .failure(refusal)))
                } else {
                    storedThrough = submission.ticket
                }
            }
            let stamps = try touch(touched, now: now)
            try markApplied(through: pendingThrough)
            try changeLog.finishGroup(folding: folding)
            try commit.execute()
            changeLog.committed()
            for session in stamps { stamped[session] = now }
            if let pendingThrough { appliedSequence = pendingThrough }
            if let storedThrough { reports.append((storedThrough, .success(()))) }
            return GroupOutcome(reports: reports, groupFailure: nil)
        } catch {
            // SQLite rolls back by itself after some errors (SQLITE_FULL, I/O); end it if it did not.
            if connection.isInTransaction { try? rollback.execute() }
            changeLog.rolledBack()
            let failure = error.storageError(path: path)
            return GroupOutcome(reports: [(last, .failure(failure))], groupFailure: failure)
        }
    }

    private func markApplied(through sequence: Int64?) throws(SQLiteFailure) {
        if let sequence { try updateApplied.execute(.integer(sequence)) }
    }

    /// Simulates a full disk for tests: the database may grow by `pages` more pages (nil: no limit).
    func limitGrowth(toPages pages: Int64?) {
        var limit: Int64 = 4_294_967_294  // SQLite's default
        if let pages, let current = try? connection.integer("PRAGMA page_count") {
            limit = current + pages
        }
        try? connection.execute("PRAGMA max_page_count = \(limit)")
    }

    /// Stamps those of `sessions` not stamped for a ``stampInterval`` with the commit's time, and
    /// returns them (to remember once the group commits).
    private func touch(_ sessions: Set<String>, now: Int64) throws(SQLiteFailure) -> Set<String> {
        let due = sessions.filter { session in stamped[session].map { now - $0 >= Self.stampInterval } ?? true }
        for session in due.sorted() {
            try touchSession.execute(.text(session), .integer(now))
        }
        return due
    }

    /// Writes every submission without savepoints: false as soon as one is refused for its own
    /// content (the transaction is then to be rolled back). Anything else fails the whole group.
    private func storeAll(_ submissions: ArraySlice<Submission>, touched: inout Set<String>) throws(SQLiteFailure) -> Bool {
        var killAfter = crashPoint.writesBeforeKill(submissions)
        for submission in submissions {
            for write in submission.writes {
                if let left = killAfter {
                    if left == 0 { crashPoint.kill() }
                    killAfter = left - 1
                }
                do throws(SQLiteFailure) {
                    try apply(write)
                } catch {
                    guard refusal(of: write, for: error) != nil else { throw error }
                    return false
                }
                touched.insert(write.session)
            }
        }
        return true
    }

    /// Runs one submission in a savepoint: nil when stored, the refusal when its own content was
    /// refused (and rolled back). Anything else fails the whole group.
    private func store(_ submission: Submission, touched: inout Set<String>) throws(SQLiteFailure) -> StorageError? {
        try savepoint.execute()
        let mark = changeLog.mark
        var sessions = Set<String>()
        for write in submission.writes {
            do throws(SQLiteFailure) {
                try apply(write)
                sessions.insert(write.session)
            } catch {
                guard let refusal = refusal(of: write, for: error) else { throw error }
                try rollbackToSavepoint.execute()
                try release.execute()
                changeLog.rollBack(to: mark)
                return refusal
            }
        }
        try release.execute()
        touched.formUnion(sessions)
        return nil
    }

    private func apply(_ write: StorageWrite) throws(SQLiteFailure) {
        switch write {
        case .upsertSession(let id, let meta):
            // Stamped with the commit's time with every other session this group touches.
            stamped[id] = nil
            try upsertSession.execute(.text(id), .blob(meta), .integer(0))
        case .append(let change):
            try changeLog.append(change)
        case .snapshot(let session, let snapshot):
            try upsertSnapshot.execute(.text(session), .integer(snapshot.revision), .blob(snapshot.body))
            if !keepChangesBehindSnapshot {
                try changeLog.prune(session, through: snapshot.revision)
            }
        case .upsertMember(let session, let client, let body):
            try upsertMember.execute(.text(session), .text(client), .blob(body))
        case .deleteSession(let id):
            stamped[id] = nil
            changeLog.forget(id)
            try deleteSession.execute(.text(id))
        }
    }

    /// The refusal for a constraint the write's own content broke, or nil for any other failure.
    private func refusal(of write: StorageWrite, for failure: SQLiteFailure) -> StorageError? {
        switch failure.code {
        case focussync_sqlite_constraint_primarykey():
            guard case .append(let change) = write else { return nil }
            return .duplicateRevision(path: path, session: change.session, revision: change.revision)
        case focussync_sqlite_constraint_foreignkey():
            return .unknownSession(path: path, session: write.session)
        default:
            return nil
        }
    }
}
