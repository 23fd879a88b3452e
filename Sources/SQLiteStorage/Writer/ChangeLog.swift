import CSQLite

/// How the writer appends changes: to `recent_changes`, in commit order, and from time to time
/// in steps into `changes`, where each session's log is one contiguous range.
///
/// Appended straight to `changes`, every change of a group lands on the last page of its own
/// session's range, so a group of changes to thirty sessions wrote thirty pages to the WAL, for
/// a few hundred bytes each. Appended in commit order they fill a few pages. Once
/// ``StoreOptions/changesPerFold`` wait, a round of short steps moves them (``FoldPlan``,
/// ``RecentRows``), each in a transaction of its own: a fold of everything at once stalled the
/// writer for milliseconds (13 ms of CPU for 2,000 changes of 100 sessions, in a model), and
/// every commit with it.
///
/// A change whose revision is not above the highest its session has stored is refused as a
/// duplicate (``StorageError/duplicateRevision(path:session:revision:)``): the highest is
/// remembered per session, read from the database the first time the session is written.
/// Used by whichever thread holds the writer's turn to commit (``StorageWriter``); the group it
/// works in is committed or rolled back by ``GroupCommitter``, which tells it which.
final class ChangeLog {
    private let connection: SQLiteConnection
    private let plan: FoldPlan
    private let insert, highestFolded, highestRecent, pruneFolded, pruneRecent, copy, delete: PreparedStatement
    /// The highest revision committed per session, for the sessions written since the writer started.
    private var highest: [String: Int64] = [:]
    /// The rows of `recent_changes` as of the last commit.
    private var rows = RecentRows()
    /// What the open group changed of the two, applied once it commits.
    private var group = Group()

    /// The group's changes to the remembered state, kept apart until it commits.
    struct Group {
        var highest: [String: Int64] = [:]
        var appended: [(session: String, row: RecentRows.Row)] = []
        var pruned: [(session: String, revision: Int64)] = []
    }

    init(connection: SQLiteConnection, options: StoreOptions) throws(SQLiteFailure) {
        self.connection = connection
        plan = FoldPlan(changesPerFold: options.changesPerFold, rowsPerStep: options.changesPerFoldStep)
        func prepare(_ sql: String) throws(SQLiteFailure) -> PreparedStatement { try PreparedStatement(sql, on: connection) }
        insert = try prepare("INSERT INTO recent_changes (session, revision, at, body) VALUES (?1, ?2, ?3, ?4)")
        highestFolded = try prepare("SELECT max(revision) FROM changes WHERE session = ?1")
        highestRecent = try prepare("SELECT max(revision) FROM recent_changes WHERE session = ?1")
        pruneFolded = try prepare("DELETE FROM changes WHERE session = ?1 AND revision <= ?2")
        pruneRecent = try prepare("DELETE FROM recent_changes WHERE session = ?1 AND revision <= ?2")
        copy = try prepare(
            """
            INSERT INTO changes (session, revision, at, body)
            SELECT session, revision, at, body FROM recent_changes WHERE seq IN (SELECT value FROM json_each(?1))
            ORDER BY session, revision
            """)
        // Only rows `changes` holds: a seq is reused once every row after it is gone.
        delete = try prepare(
            """
            DELETE FROM recent_changes WHERE seq IN (SELECT value FROM json_each(?1))
            AND revision <= (SELECT max(revision) FROM changes WHERE changes.session = recent_changes.session)
            """)
        // Rows copied by a round the process did not finish are in both tables.
        try connection.execute(
            """
            DELETE FROM recent_changes
            WHERE revision <= (SELECT max(revision) FROM changes WHERE changes.session = recent_changes.session)
            """)
        var loaded = RecentRows()
        try PreparedStatement("SELECT seq, session, revision FROM recent_changes ORDER BY seq", on: connection).query { row in
            loaded.append(row.text(1), RecentRows.Row(seq: row.integer(0), revision: row.integer(2)))
        }
        rows = loaded
    }

    /// Appends `change` in the open group. Throws a primary-key constraint failure for a
    /// revision its session has already reached, a foreign-key one for an unknown session.
    func append(_ change: StoredChange) throws(SQLiteFailure) {
        let reached = try highestRevision(of: change.session)
        guard change.revision > reached else {
            throw SQLiteFailure(
                code: focussync_sqlite_constraint_primarykey(),
                message: "session \(change.session) has stored revision \(reached) already")
        }
        try insert.execute(.text(change.session), .integer(change.revision), .integer(change.at), .blob(change.body))
        group.highest[change.session] = change.revision
        group.appended.append((change.session, RecentRows.Row(seq: connection.lastInsertedRowID, revision: change.revision)))
    }

    /// Deletes the changes of `session` up to `revision` (those a snapshot covers).
    func prune(_ session: String, through revision: Int64) throws(SQLiteFailure) {
        try pruneFolded.execute(.text(session), .integer(revision))
        try pruneRecent.execute(.text(session), .integer(revision))
        group.pruned.append((session, revision))
    }

    /// The session is being deleted (its rows go by cascade): read its highest revision afresh
    /// if it is written again.
    func forget(_ session: String) {
        highest[session] = nil
        group.highest[session] = nil
        rows.forget(session)
        group.appended.removeAll { $0.session == session }
    }

    /// Where the open group stands, to go back to when one submission of it is rolled back.
    var mark: Group { group }

    /// Forgets what the group did after `mark` (its savepoint was rolled back).
    func rollBack(to mark: Group) {
        group = mark
    }

    /// Whether a step of a fold is due (as of the last commit).
    var foldIsDue: Bool { rows.isDue(plan) }

    /// Takes one step of a fold, if one is due, in the open transaction (which has nothing else):
    /// the step, to pass to ``folded(_:)`` once it commits.
    func foldStep() throws(SQLiteFailure) -> RecentRows.Step? {
        guard let step = rows.nextStep(plan) else { return nil }
        switch step {
        case .copy(_, let seqs): try copy.execute(.text(Self.jsonArray(seqs)))
        case .delete(let seqs): try delete.execute(.text(Self.jsonArray(seqs)))
        }
        return step
    }

    /// The transaction of `step` committed.
    func folded(_ step: RecentRows.Step) {
        rows.apply(step, plan)
    }

    /// The group committed: what it did is the database's state now.
    func committed() {
        highest.merge(group.highest) { max($0, $1) }
        for (session, row) in group.appended { rows.append(session, row) }
        for (session, revision) in group.pruned { rows.prune(session, through: revision) }
        group = Group()
    }

    /// The group was rolled back: nothing it did happened.
    func rolledBack() {
        group = Group()
    }

    private static func jsonArray(_ seqs: [Int64]) -> String {
        "[" + seqs.map(String.init).joined(separator: ",") + "]"
    }

    private func highestRevision(of session: String) throws(SQLiteFailure) -> Int64 {
        if let pending = group.highest[session] { return pending }
        if let known = highest[session] { return known }
        var found = Int64.min
        for statement in [highestFolded, highestRecent] {
            try statement.query(.text(session)) { row in
                if row.isNull(0) { return }
                found = max(found, row.integer(0))
            }
        }
        // Read inside the group, which may have deleted the session: remembered with the group.
        group.highest[session] = found
        return found
    }
}
