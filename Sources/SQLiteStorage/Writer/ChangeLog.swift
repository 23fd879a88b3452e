import CSQLite

/// How the writer appends changes: to `recent_changes`, in commit order, and from time to time
/// all of them at once into `changes`, where each session's log is one contiguous range.
///
/// Appended straight to `changes`, every change of a group lands on the last page of its own
/// session's range, so a group of changes to thirty sessions wrote thirty pages to the WAL, for
/// a few hundred bytes each. Appended in commit order they fill a few pages. Once
/// ``StoreOptions/changesPerFold`` wait, a group moves those of the sessions with the most
/// waiting (up to ``sessionsPerFold`` of them, tens of changes a session page), or all of them
/// when those few sessions hold less than a quarter: a fold of everything stalls the writer for
/// milliseconds (13 ms of CPU for 2,000 changes of 100 sessions, in a model), a fold of the
/// busiest sessions for a third of that.
///
/// A change whose revision is not above the highest its session has stored is refused as a
/// duplicate (``StorageError/duplicateRevision(path:session:revision:)``): the highest is
/// remembered per session, read from the database the first time the session is written.
/// Used by whichever thread holds the writer's turn to commit (``StorageWriter``); the group it works in is committed or rolled back by ``GroupCommitter``,
/// which tells it which.
final class ChangeLog {
    private let connection: SQLiteConnection
    private let changesPerFold: Int
    private let insert, highestFolded, highestRecent: PreparedStatement
    private let fold, emptyRecent, foldSome, emptySome, pruneFolded, pruneRecent: PreparedStatement
    /// The highest revision committed per session, for the sessions written since the writer started.
    private var highest: [String: Int64] = [:]
    /// Rows in `recent_changes` per session as of the last commit.
    private var recentRows: [String: Int] = [:]
    /// The most sessions one fold of the busiest moves.
    static let sessionsPerFold = 32
    /// What the open group changed of the two, applied once it commits.
    private var group = Group()

    /// The group's changes to the remembered state, kept apart until it commits.
    struct Group {
        var highest: [String: Int64] = [:]
        var appended: [String: Int] = [:]
        /// The sessions whose waiting changes it folded; nil for all of them.
        var folded: Set<String>? = []
    }

    init(connection: SQLiteConnection, options: StoreOptions) throws(SQLiteFailure) {
        self.connection = connection
        changesPerFold = max(1, options.changesPerFold)
        func prepare(_ sql: String) throws(SQLiteFailure) -> PreparedStatement { try PreparedStatement(sql, on: connection) }
        insert = try prepare("INSERT INTO recent_changes (session, revision, at, body) VALUES (?1, ?2, ?3, ?4)")
        highestFolded = try prepare("SELECT max(revision) FROM changes WHERE session = ?1")
        highestRecent = try prepare("SELECT max(revision) FROM recent_changes WHERE session = ?1")
        fold = try prepare(
            """
            INSERT INTO changes (session, revision, at, body)
            SELECT session, revision, at, body FROM recent_changes ORDER BY session, revision
            """)
        emptyRecent = try prepare("DELETE FROM recent_changes")
        let sessions = (1...Self.sessionsPerFold).map { "?\($0)" }.joined(separator: ", ")
        foldSome = try prepare(
            """
            INSERT INTO changes (session, revision, at, body)
            SELECT session, revision, at, body FROM recent_changes WHERE session IN (\(sessions)) ORDER BY session, revision
            """)
        emptySome = try prepare("DELETE FROM recent_changes WHERE session IN (\(sessions))")
        pruneFolded = try prepare("DELETE FROM changes WHERE session = ?1 AND revision <= ?2")
        pruneRecent = try prepare("DELETE FROM recent_changes WHERE session = ?1 AND revision <= ?2")
        var waiting: [String: Int] = [:]
        try PreparedStatement("SELECT session, count(*) FROM recent_changes GROUP BY session", on: connection).query { row in
            waiting[row.text(0)] = Int(row.integer(1))
        }
        recentRows = waiting
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
        group.appended[change.session, default: 0] += 1
    }

    /// Deletes the changes of `session` up to `revision` (those a snapshot covers).
    func prune(_ session: String, through revision: Int64) throws(SQLiteFailure) {
        try pruneFolded.execute(.text(session), .integer(revision))
        try pruneRecent.execute(.text(session), .integer(revision))
    }

    /// The session is being deleted (its rows go by cascade): read its highest revision afresh
    /// if it is written again.
    func forget(_ session: String) {
        highest[session] = nil
        group.highest[session] = nil
        recentRows[session] = nil
        group.appended[session] = nil
    }

    /// Where the open group stands, to go back to when one submission of it is rolled back.
    var mark: Group { group }

    /// Forgets what the group did after `mark` (its savepoint was rolled back).
    func rollBack(to mark: Group) {
        group = mark
    }

    /// Whether enough changes wait in `recent_changes` (as of the last commit) for a fold.
    var foldIsDue: Bool { recentRows.values.reduce(0, +) >= changesPerFold }

    /// Before the group's `COMMIT`: folds waiting changes into `changes` once there are enough,
    /// if `folding` (a group committed where a stall matters leaves the fold to a later one).
    func finishGroup(folding: Bool = true) throws(SQLiteFailure) {
        guard folding else { return }
        let waiting = recentRows.merging(group.appended, uniquingKeysWith: +)
        let rows = waiting.values.reduce(0, +)
        guard rows >= changesPerFold else { return }
        let busiest = waiting.sorted { $0.value > $1.value }.prefix(Self.sessionsPerFold)
        guard let first = busiest.first?.key, busiest.reduce(0, { $0 + $1.value }) * 4 >= rows else {
            try fold.execute()
            try emptyRecent.execute()
            group.folded = nil
            return
        }
        // Unused places repeat the first session.
        let sessions = busiest.map(\.key) + Array(repeating: first, count: Self.sessionsPerFold - busiest.count)
        try foldSome.execute(binding: sessions.map(SQLiteValue.text))
        try emptySome.execute(binding: sessions.map(SQLiteValue.text))
        group.folded = Set(sessions)
    }

    /// The group committed: what it did is the database's state now.
    func committed() {
        highest.merge(group.highest) { max($0, $1) }
        if let folded = group.folded {
            recentRows.merge(group.appended, uniquingKeysWith: +)
            for session in folded { recentRows[session] = nil }
        } else {
            recentRows = [:]
        }
        group = Group()
    }

    /// The group was rolled back: nothing it did happened.
    func rolledBack() {
        group = Group()
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
