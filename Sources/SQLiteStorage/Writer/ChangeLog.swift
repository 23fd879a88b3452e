import CSQLite

/// How the writer appends changes: to `recent_changes`, in commit order, and from time to time
/// many at once into `changes`, where each session's log is one contiguous range.
///
/// Appended straight to `changes`, every change of a group lands on the last page of its own
/// session's range, so a group of changes to thirty sessions wrote thirty pages to the WAL, for
/// a few hundred bytes each. Appended in commit order they fill a few pages. Once
/// ``StoreOptions/changesPerFold`` wait, a group moves those of the sessions with the most
/// waiting (up to ``ChangeRows/sessionsPerFold`` of them), or all of them when those few
/// sessions hold less than a quarter: a fold of everything stalls the writer for milliseconds,
/// a fold of the busiest sessions for a third of that.
///
/// A group's changes are written when it finishes, one row per session (``ChangeRows``): a
/// session with ``bundleStraightToChanges`` changes or more in the group writes its row straight
/// into `changes`, where it fills pages of its own, and the rest land in `recent_changes`.
///
/// A change whose revision is not above the highest its session has stored is refused as a
/// duplicate (``StorageError/duplicateRevision(path:session:revision:)``): the highest is
/// remembered per session, read from the database the first time the session is written. A
/// change to a session the database does not hold is refused as such (a foreign-key failure),
/// when it is appended, so that writing the group's rows cannot fail for one submission. Both
/// answers are remembered, so they hold while this writer is the only one that deletes
/// sessions of the file (the store's lock file keeps other processes out); a session deleted
/// through another connection would fail a whole group instead of one submission.
/// Used by whichever thread holds the writer's turn to commit (``StorageWriter``); the group it
/// works in is committed or rolled back by ``GroupCommitter``, which tells it which.
final class ChangeLog {
    private let connection: SQLiteConnection
    private let changesPerFold: Int
    private let rows: ChangeRows
    private let highestFolded, highestRecent, sessionExists, pruneFolded, pruneRecent: PreparedStatement
    /// The highest revision committed per session, for the sessions written since the writer started.
    private var highest: [String: Int64] = [:]
    /// Sessions read to exist in the database (forgotten when deleted, and after a rollback).
    private var known: Set<String> = []
    /// Changes in `recent_changes` per session as of the last commit.
    private var waitingChanges: [String: Int] = [:]
    /// A session with this many changes in a group writes them straight into `changes`.
    static let bundleStraightToChanges = 16
    /// What the open group changed of the two, applied once it commits.
    private var group = Group()

    /// The group's changes to the remembered state, kept apart until it commits.
    struct Group {
        var highest: [String: Int64] = [:]
        var appended: [String: Int] = [:]
        /// The changes appended, in order, until ``finishGroup(folding:)`` writes them.
        var changes: [StoredChange] = []
        /// The sessions whose waiting changes it folded; nil for all of them.
        var folded: Set<String>? = []
    }

    init(connection: SQLiteConnection, options: StoreOptions) throws(SQLiteFailure) {
        self.connection = connection
        changesPerFold = max(1, options.changesPerFold)
        func prepare(_ sql: String) throws(SQLiteFailure) -> PreparedStatement { try PreparedStatement(sql, on: connection) }
        rows = try ChangeRows(connection: connection)
        // Rows never overlap: the one with the highest first revision holds the session's highest.
        highestFolded = try prepare(
            "SELECT coalesce(last_revision, revision) FROM changes WHERE session = ?1 ORDER BY revision DESC LIMIT 1")
        highestRecent = try prepare("SELECT max(coalesce(last_revision, revision)) FROM recent_changes WHERE session = ?1")
        sessionExists = try prepare("SELECT 1 FROM sessions WHERE id = ?1")
        // A bundle that reaches past the snapshot stays whole; reads skip what the snapshot covers.
        pruneFolded = try prepare("DELETE FROM changes WHERE session = ?1 AND coalesce(last_revision, revision) <= ?2")
        pruneRecent = try prepare("DELETE FROM recent_changes WHERE session = ?1 AND coalesce(last_revision, revision) <= ?2")
        var waiting: [String: Int] = [:]
        // A session's revisions follow each other, so a bundle's span counts its changes.
        try PreparedStatement(
            "SELECT session, sum(coalesce(last_revision - revision + 1, 1)) FROM recent_changes GROUP BY session",
            on: connection
        ).query { row in
            waiting[row.text(0)] = Int(row.integer(1))
        }
        waitingChanges = waiting
    }

    /// Appends `change` in the open group, to be written when it finishes. Throws a primary-key
    /// constraint failure for a revision its session has already reached, a foreign-key one for
    /// an unknown session.
    func append(_ change: StoredChange) throws(SQLiteFailure) {
        let reached = try highestRevision(of: change.session)
        guard change.revision > reached else {
            throw SQLiteFailure(
                code: focussync_sqlite_constraint_primarykey(),
                message: "session \(change.session) has stored revision \(reached) already")
        }
        // A session that holds changes exists (a deleted one is forgotten): only one without
        // any is looked up.
        if reached == Int64.min, try !exists(change.session) {
            throw SQLiteFailure(code: focussync_sqlite_constraint_foreignkey(), message: "no session \(change.session) is stored")
        }
        group.changes.append(change)
        group.highest[change.session] = change.revision
    }

    /// Deletes the changes of `session` up to `revision` (those a snapshot covers).
    func prune(_ session: String, through revision: Int64) throws(SQLiteFailure) {
        try pruneFolded.execute(.text(session), .integer(revision))
        try pruneRecent.execute(.text(session), .integer(revision))
        group.changes.removeAll { $0.session == session && $0.revision <= revision }
    }

    /// The session is being deleted (its rows go by cascade): read its highest revision afresh
    /// if it is written again.
    func forget(_ session: String) {
        highest[session] = nil
        known.remove(session)
        group.highest[session] = nil
        waitingChanges[session] = nil
        group.appended[session] = nil
        group.changes.removeAll { $0.session == session }
    }

    /// Where the open group stands, to go back to when one submission of it is rolled back.
    var mark: Group { group }

    /// Forgets what the group did after `mark` (its savepoint was rolled back).
    func rollBack(to mark: Group) {
        group = mark
        known = []
    }

    /// Whether enough changes wait in `recent_changes` (as of the last commit) for a fold.
    var foldIsDue: Bool { waitingChanges.values.reduce(0, +) >= changesPerFold }

    /// Before the group's `COMMIT`: writes its changes, then folds waiting changes into
    /// `changes` once there are enough, if `folding` (a group committed where a stall matters
    /// leaves the fold to a later one).
    func finishGroup(folding: Bool = true) throws(SQLiteFailure) {
        try writeChanges()
        guard folding else { return }
        let waiting = waitingChanges.merging(group.appended, uniquingKeysWith: +)
        let changes = waiting.values.reduce(0, +)
        guard changes >= changesPerFold else { return }
        let busiest = waiting.sorted { $0.value > $1.value }.prefix(ChangeRows.sessionsPerFold)
        guard busiest.reduce(0, { $0 + $1.value }) * 4 >= changes else {
            try rows.fold(sessions: nil)
            group.folded = nil
            return
        }
        let sessions = busiest.map(\.key)
        try rows.fold(sessions: sessions)
        group.folded = Set(sessions)
    }

    /// The group committed: what it did is the database's state now.
    func committed() {
        highest.merge(group.highest) { max($0, $1) }
        if let folded = group.folded {
            waitingChanges.merge(group.appended, uniquingKeysWith: +)
            for session in folded { waitingChanges[session] = nil }
        } else {
            waitingChanges = [:]
        }
        group = Group()
    }

    /// The group was rolled back: nothing it did happened.
    func rolledBack() {
        group = Group()
        known = []
    }

    /// Writes the group's changes, one row per session, in the order the sessions first appear.
    private func writeChanges() throws(SQLiteFailure) {
        guard !group.changes.isEmpty else { return }
        var bySession: [[StoredChange]] = []
        var indexOfSession: [String: Int] = [:]
        for change in group.changes {
            if let index = indexOfSession[change.session] {
                bySession[index].append(change)
            } else {
                indexOfSession[change.session] = bySession.count
                bySession.append([change])
            }
        }
        group.changes = []
        for changes in bySession {
            guard let session = changes.first?.session else { continue }
            let straight = changes.count >= Self.bundleStraightToChanges
            try rows.write(changes[...], folded: straight)
            if !straight { group.appended[session, default: 0] += changes.count }
        }
    }

    private func exists(_ session: String) throws(SQLiteFailure) -> Bool {
        if known.contains(session) { return true }
        var found = false
        try sessionExists.query(.text(session)) { _ in found = true }
        if found { known.insert(session) }
        return found
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
