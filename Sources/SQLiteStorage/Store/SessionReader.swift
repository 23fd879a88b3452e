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
            changesAfter = try PreparedStatement(
                "SELECT revision, at, body FROM changes WHERE session = ?1 AND revision > ?2 ORDER BY revision", on: connection)
            // The changes not folded yet (ChangeLog) come after every folded one of their session.
            recentChanges = try PreparedStatement(
                "SELECT session, revision, at, body FROM recent_changes ORDER BY session, revision", on: connection)
            changesBetween = try PreparedStatement(
                """
                SELECT revision, at, body FROM changes WHERE session = ?1 AND revision BETWEEN ?2 AND ?3
                UNION ALL
                SELECT revision, at, body FROM recent_changes WHERE session = ?1 AND revision BETWEEN ?2 AND ?3
                ORDER BY revision
                """,
                on: connection)
        } catch {
            throw error.storageError(path: path)
        }
    }

    /// Every session, read in one transaction so that all of it is from the same commit.
    func loadAll() throws(StorageError) -> [StoredSession] {
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
            var loaded: [StoredSession] = []
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
                recentBySession[id, default: []].append(
                    StoredChange(session: id, revision: row.integer(1), at: row.integer(2), body: row.blob(3)))
            }
            for index in loaded.indices {
                let id = loaded[index].id
                let after = loaded[index].snapshot?.revision ?? Int64.min
                try changesAfter.query(.text(id), .integer(after)) { row in
                    loaded[index].changes.append(Self.change(of: id, from: row))
                }
                loaded[index].changes += (recentBySession[id] ?? []).filter { $0.revision > after }
            }
            return loaded
        } catch {
            throw error.storageError(path: path)
        }
    }

    /// The stored changes of `session` with revisions in `from...through`, in order.
    func changes(session: String, from: Int64, through: Int64) throws(StorageError) -> [StoredChange] {
        var found: [StoredChange] = []
        do throws(SQLiteFailure) {
            try changesBetween.query(.text(session), .integer(from), .integer(through)) { row in
                found.append(Self.change(of: session, from: row))
            }
        } catch {
            throw error.storageError(path: path)
        }
        return found
    }

    private static func change(of session: String, from row: SQLiteRow) -> StoredChange {
        StoredChange(session: session, revision: row.integer(0), at: row.integer(1), body: row.blob(2))
    }
}
