/// One row of `changes` or `recent_changes`: a single change, or a ``ChangeBundle`` of its
/// session's changes from `revision` through `last`.
struct ChangeRow {
    var session: String
    var revision: Int64
    var at: Int64
    var body: [UInt8]
    /// The bundle's last revision; nil for a row that holds one change.
    var last: Int64?

    /// The row of `session` whose columns from `column` on are revision, time, body and last revision.
    init(session: String, _ row: SQLiteRow, from column: Int32) {
        self.session = session
        revision = row.integer(column)
        at = row.integer(column + 1)
        body = row.blob(column + 2)
        last = row.isNull(column + 3) ? nil : row.integer(column + 3)
    }

    /// The changes the row holds; nil for a bundle whose bytes do not decode.
    var changes: [StoredChange]? {
        guard last != nil else { return [StoredChange(session: session, revision: revision, at: at, body: body)] }
        return ChangeBundle.decode(body, session: session)
    }

    /// Its columns as an insert binds them: session, revision, time, body, last revision.
    var values: [SQLiteValue] {
        [.text(session), .integer(revision), .integer(at), .blob(body), last.map(SQLiteValue.integer) ?? .null]
    }
}
