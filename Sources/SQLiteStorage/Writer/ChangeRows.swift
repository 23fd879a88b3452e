/// The rows of `recent_changes` and `changes` that hold a session's changes: one row per session
/// and group, bundled (``ChangeBundle``) when it holds several, and a fold that moves waiting rows
/// into `changes` as one row per session.
///
/// `changes` is clustered by session and revision, so every row a fold adds lands in its own
/// session's range: ten small rows of a session split and rewrite the pages around them where
/// one bundle of the ten adds a row and its overflow pages (about 2.4 µs instead of 3.8 a change
/// in a model of 100 sessions, and 0.9 KB written instead of 1.9).
///
/// A row of `changes` (a `WITHOUT ROWID` table) keeps about a kilobyte on its leaf page and
/// spills the rest into overflow pages of 4 KiB, mostly empty when the row is a little longer:
/// bundles of eight 200-byte changes made the database 17 % larger than rows of one change. So a
/// bundle for `changes` either fits the leaf (``leafBytes``) or is long (``longBytes``), and one
/// in between is cut into rows that fit the leaf. Cutting long ones too (runs of 80 changes at
/// closed-100x2) cost the writer a tenth more and wrote more.
final class ChangeRows {
    private let insertRecent, insertFolded, readRecent, readSomeRecent, emptyRecent, emptySome: PreparedStatement
    /// The sessions one partial fold names (``fold(sessions:)``).
    static let sessionsPerFold = 32
    /// The most bytes of a bundle in a row of `changes` that stays on its leaf page (SQLite keeps
    /// at most 1,004 bytes of an index cell there at 4 KiB pages, the key and columns included).
    static let leafBytes = 900
    /// A bundle this long goes into `changes` as one row whatever it spills.
    static let longBytes = 4_096

    init(connection: SQLiteConnection) throws(SQLiteFailure) {
        func prepare(_ sql: String) throws(SQLiteFailure) -> PreparedStatement { try PreparedStatement(sql, on: connection) }
        let columns = "session, revision, at, body, last_revision"
        insertRecent = try prepare("INSERT INTO recent_changes (\(columns)) VALUES (?1, ?2, ?3, ?4, ?5)")
        insertFolded = try prepare("INSERT INTO changes (\(columns)) VALUES (?1, ?2, ?3, ?4, ?5)")
        readRecent = try prepare("SELECT \(columns) FROM recent_changes ORDER BY session, revision")
        let sessions = (1...Self.sessionsPerFold).map { "?\($0)" }.joined(separator: ", ")
        readSomeRecent = try prepare(
            "SELECT \(columns) FROM recent_changes WHERE session IN (\(sessions)) ORDER BY session, revision")
        emptyRecent = try prepare("DELETE FROM recent_changes")
        emptySome = try prepare("DELETE FROM recent_changes WHERE session IN (\(sessions))")
    }

    /// Writes `changes`, all of one session in revision order: into `recent_changes` as one row,
    /// or into `changes` (when `folded`) as one row or rows that fit the leaf.
    func write(_ changes: ArraySlice<StoredChange>, folded: Bool) throws(SQLiteFailure) {
        let size = changes.reduce(0) { $0 + ChangeBundle.bytes(of: $1) }
        guard folded, size > Self.leafBytes, size < Self.longBytes else { return try writeRow(changes, folded: folded) }
        var start = changes.startIndex
        var rowSize = 0
        for index in changes.indices {
            let bytes = ChangeBundle.bytes(of: changes[index])
            if index > start, rowSize + bytes > Self.leafBytes {
                try writeRow(changes[start..<index], folded: true)
                (start, rowSize) = (index, 0)
            }
            rowSize += bytes
        }
        try writeRow(changes[start...], folded: true)
    }

    private func writeRow(_ changes: ArraySlice<StoredChange>, folded: Bool) throws(SQLiteFailure) {
        guard let first = changes.first, let last = changes.last else { return }
        let bundled = changes.count > 1
        try (folded ? insertFolded : insertRecent).execute(
            .text(first.session), .integer(first.revision), .integer(first.at),
            .blob(bundled ? ChangeBundle.encode(changes) : first.body), bundled ? .integer(last.revision) : .null)
    }

    /// Moves the waiting rows of `sessions` (at most ``sessionsPerFold``; nil for every session)
    /// into `changes`, one row per session and run of revisions that follow each other.
    ///
    /// Only such a run is merged: a session's busy group may have gone straight into `changes`
    /// between two of its waiting rows, and a row that spanned it would overlap it (reads seek
    /// the last row that begins at or before a revision, and would miss what follows).
    func fold(sessions: [String]?) throws(SQLiteFailure) {
        var rows: [ChangeRow] = []
        let keep: (SQLiteRow) -> Void = { row in rows.append(ChangeRow(session: row.text(0), row, from: 1)) }
        if let sessions {
            // Unused places repeat the first session.
            let named = sessions + Array(repeating: sessions.first ?? "", count: Self.sessionsPerFold - sessions.count)
            try readSomeRecent.query(binding: named.map(SQLiteValue.text), row: keep)
            try emptySome.execute(binding: named.map(SQLiteValue.text))
        } else {
            try readRecent.query(row: keep)
            try emptyRecent.execute()
        }
        var start = rows.startIndex
        while start < rows.endIndex {
            var end = start + 1
            while end < rows.endIndex, rows[end].session == rows[start].session,
                rows[end].revision == (rows[end - 1].last ?? rows[end - 1].revision) + 1
            {
                end += 1
            }
            try move(rows[start..<end])
            start = end
        }
    }

    /// Moves a run of one session's waiting rows as one bundle, or as they are if one does not
    /// decode (its bytes are kept for the reader to report).
    private func move(_ rows: ArraySlice<ChangeRow>) throws(SQLiteFailure) {
        var changes: [StoredChange] = []
        for row in rows {
            guard rows.count > 1, let decoded = row.changes else {
                for row in rows { try insertFolded.execute(binding: row.values) }
                return
            }
            changes += decoded
        }
        try write(changes[...], folded: true)
    }
}
