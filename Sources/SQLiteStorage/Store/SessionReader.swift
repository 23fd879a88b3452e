/// The store's read connection and its prepared queries. WAL mode lets it read while the writer
/// commits: every read sees the database as of its last commit.
final class SessionReader {
    private let connection: SQLiteConnection
    private let path: String
    private let sessions: PreparedStatement
    private let snapshots: PreparedStatement
    private let members: PreparedStatement
    private let changesAfter: PreparedStatement
    private let recentChanges: PreparedStatement
    private let changesBetween: PreparedStatement

    init(connection: SQLiteConnection, path: String) throws(StorageError) {
        self.connection = connection
        self.path = path
        do throws(SQLiteFailure) {
            try connection.execute("PRAGMA query_only = ON")
            sessions = try PreparedStatement("SELECT id, meta, updated_at FROM sessions ORDER BY id", on: connection)
            snapshots = try PreparedStatement("SELECT session, revision, body FROM snapshots", on: connection)
            members = try PreparedStatement("SELECT session, client, body FROM members ORDER BY session, client", on: connection)
            // A row holds one change or a bundle of them (ChangeBundle), from `revision` through
            // `last_revision`. Rows do not overlap, so a range that starts at `from` starts at the
            // last row that begins at or before it, found in the clustered key as the rest is.
            let firstRow =
                "coalesce((SELECT revision FROM changes WHERE session = ?1 AND revision <= ?2 ORDER BY revision DESC LIMIT 1), ?2)"
            changesAfter = try PreparedStatement(
                "SELECT revision, at, body, last_revision FROM changes WHERE session = ?1 AND revision >= \(firstRow) ORDER BY revision",
                on: connection)
            recentChanges = try PreparedStatement(
                "SELECT session, revision, at, body, last_revision FROM recent_changes ORDER BY session, revision", on: connection
            )
            changesBetween = try PreparedStatement(
                """
                SELECT revision, at, body, last_revision FROM changes
                WHERE session = ?1 AND revision >= \(firstRow) AND revision <= ?3
                UNION ALL
                SELECT revision, at, body, last_revision FROM recent_changes
                WHERE session = ?1 AND revision <= ?3 AND coalesce(last_revision, revision) >= ?2
                ORDER BY revision
                """,
                on: connection)
        } catch {
            throw error.storageError(path: path)
        }
    }

    /// Every session, read in one transaction so that all of it is from the same commit.
    func loadAll() throws(StorageError) -> [StoredSession] {
        var loaded: [StoredSession] = []
        var damaged: String?
        do throws(SQLiteFailure) {
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            var snapshotBySession: [String: StoredSnapshot] = [:]
            try snapshots.query { row in
                snapshotBySession[row.text(0)] = StoredSnapshot(revision: row.integer(1), body: row.blob(2))
            }
            var membersBySession: [String: [StoredMember]] = [:]
            try members.query { row in
                membersBySession[row.text(0), default: []].append(StoredMember(client: row.text(1), body: row.blob(2)))
            }
            try sessions.query { row in
                let id = row.text(0)
                loaded.append(
                    StoredSession(
                        id: id, meta: row.blob(1), updatedAt: row.integer(2), snapshot: snapshotBySession[id], changes: [],
                        members: membersBySession[id] ?? []))
            }
            var recentBySession: [String: [StoredChange]] = [:]
            try recentChanges.query { row in
                let id = row.text(0)
                guard let changes = ChangeRow(session: id, row, from: 1).changes else {
                    damaged = id
                    return
                }
                recentBySession[id, default: []] += changes
            }
            for index in loaded.indices where damaged == nil {
                let id = loaded[index].id
                let after = loaded[index].snapshot?.revision ?? Int64.min
                var changes: [StoredChange] = []
                try changesAfter.query(.text(id), .integer(after)) { row in
                    guard let read = ChangeRow(session: id, row, from: 0).changes else {
                        damaged = id
                        return
                    }
                    changes += read
                }
                // A group may write a busy session's bundle straight into `changes` while its
                // earlier changes still wait in `recent_changes`.
                changes += recentBySession[id] ?? []
                changes.sort { $0.revision < $1.revision }
                loaded[index].changes = changes.filter { $0.revision > after }
            }
        } catch {
            throw error.storageError(path: path)
        }
        if let damaged { throw .damaged(path: path, reason: Self.undecodable(damaged)) }
        return loaded
    }

    /// The stored changes of `session` with revisions in `from...through`, in order.
    func changes(session: String, from: Int64, through: Int64) throws(StorageError) -> [StoredChange] {
        var found: [StoredChange] = []
        var damaged = false
        do throws(SQLiteFailure) {
            try changesBetween.query(.text(session), .integer(from), .integer(through)) { row in
                guard let changes = ChangeRow(session: session, row, from: 0).changes else {
                    damaged = true
                    return
                }
                found += changes
            }
        } catch {
            throw error.storageError(path: path)
        }
        if damaged { throw .damaged(path: path, reason: Self.undecodable(session)) }
        return found.filter { $0.revision >= from && $0.revision <= through }.sorted { $0.revision < $1.revision }
    }

    private static func undecodable(_ session: String) -> String {
        "a stored bundle of changes of session \(session) does not decode"
    }
}
