import CSQLite

/// Writes groups of submissions on the writer's connection, one transaction per group, with the
/// statements prepared once.
///
/// Each submission runs inside a savepoint, so one refused for its own content (a duplicate
/// revision, a session that does not exist) is rolled back alone and the rest of the group
/// still commits.
final class GroupCommitter {
    private let connection: SQLiteConnection
    private let path: String
    private let keepChangesBehindSnapshot: Bool
    private let begin, commit, rollback, savepoint, release, rollbackToSavepoint: PreparedStatement
    private let upsertSession, touchSession, append, upsertSnapshot, pruneChanges, upsertMember, deleteSession: PreparedStatement

    init(path: String, options: StoreOptions) throws(StorageError) {
        self.path = path
        keepChangesBehindSnapshot = options.keepChangesBehindSnapshot
        let connection = try SQLiteConnection.configured(path: path, options: options)
        self.connection = connection
        do throws(SQLiteFailure) {
            // The writer appends to the last page of every active session's log: 64 MiB keeps
            // 16,000 of them in memory instead of reading them back for every group (SQLite's
            // default is 2 MiB).
            try connection.execute("PRAGMA cache_size = -65536")
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
            append = try prepare("INSERT INTO changes (session, revision, at, body) VALUES (?1, ?2, ?3, ?4)")
            upsertSnapshot = try prepare(
                """
                INSERT INTO snapshots (session, revision, body) VALUES (?1, ?2, ?3)
                ON CONFLICT (session) DO UPDATE SET revision = excluded.revision, body = excluded.body
                """)
            pruneChanges = try prepare("DELETE FROM changes WHERE session = ?1 AND revision <= ?2")
            upsertMember = try prepare(
                """
                INSERT INTO members (session, client, body) VALUES (?1, ?2, ?3)
                ON CONFLICT (session, client) DO UPDATE SET body = excluded.body
                """)
            deleteSession = try prepare("DELETE FROM sessions WHERE id = ?1")
        } catch {
            throw error.storageError(path: path)
        }
    }

    /// Stores `submissions` in one transaction, stamping the sessions they touch with `now`
    /// (milliseconds since 1970).
    func commit(_ submissions: ArraySlice<Submission>, now: Int64) -> GroupOutcome {
        guard let last = submissions.last?.ticket else { return GroupOutcome(reports: [], groupFailure: nil) }
        var reports: [(through: StorageTicket, outcome: Result<Void, StorageError>)] = []
        do throws(SQLiteFailure) {
            try begin.execute()
            var touched = Set<String>()
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
            for session in touched.sorted() {
                try touchSession.execute(.text(session), .integer(now))
            }
            try commit.execute()
            if let storedThrough { reports.append((storedThrough, .success(()))) }
            return GroupOutcome(reports: reports, groupFailure: nil)
        } catch {
            // SQLite rolls back by itself after some errors (SQLITE_FULL, I/O); end it if it did not.
            if connection.isInTransaction { try? rollback.execute() }
            let failure = error.storageError(path: path)
            return GroupOutcome(reports: [(last, .failure(failure))], groupFailure: failure)
        }
    }

    /// Simulates a full disk for tests: the database may grow by `pages` more pages (nil: no limit).
    func limitGrowth(toPages pages: Int64?) {
        var limit: Int64 = 4_294_967_294  // SQLite's default
        if let pages, let current = try? connection.integer("PRAGMA page_count") {
            limit = current + pages
        }
        try? connection.execute("PRAGMA max_page_count = \(limit)")
    }

    /// Runs one submission in a savepoint: nil when stored, the refusal when its own content was
    /// refused (and rolled back). Anything else fails the whole group.
    private func store(_ submission: Submission, touched: inout Set<String>) throws(SQLiteFailure) -> StorageError? {
        try savepoint.execute()
        var sessions = Set<String>()
        for write in submission.writes {
            do throws(SQLiteFailure) {
                try apply(write)
                sessions.insert(write.session)
            } catch {
                guard let refusal = refusal(of: write, for: error) else { throw error }
                try rollbackToSavepoint.execute()
                try release.execute()
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
            try upsertSession.execute(.text(id), .blob(meta), .integer(0))
        case .append(let change):
            try append.execute(.text(change.session), .integer(change.revision), .integer(change.at), .blob(change.body))
        case .snapshot(let session, let snapshot):
            try upsertSnapshot.execute(.text(session), .integer(snapshot.revision), .blob(snapshot.body))
            if !keepChangesBehindSnapshot {
                try pruneChanges.execute(.text(session), .integer(snapshot.revision))
            }
        case .upsertMember(let session, let client, let body):
            try upsertMember.execute(.text(session), .text(client), .blob(body))
        case .deleteSession(let id):
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
