import CSQLite

/// One SQLite connection, used by one thread at a time (the store's reader under its lock, or the
/// writer's connection by whichever thread holds its turn to commit), so it is opened without
/// SQLite's per-connection mutex.
final class SQLiteConnection {
    let handle: OpaquePointer

    init(path: String) throws(SQLiteFailure) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw SQLiteFailure(code: code, message: message)
        }
        sqlite3_extended_result_codes(opened, 1)
        handle = opened
    }

    deinit {
        // Statements hold their connection, so none is left unfinalized here.
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows (schema scripts, pragmas, BEGIN/COMMIT).
    func execute(_ sql: String) throws(SQLiteFailure) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// The first column of the first row `sql` returns (a pragma's value), or nil without rows.
    func integer(_ sql: String) throws(SQLiteFailure) -> Int64? {
        var value: Int64?
        try PreparedStatement(sql, on: self).query { row in
            if value == nil { value = row.integer(0) }
        }
        return value
    }

    /// Every row's first column as text.
    func texts(_ sql: String) throws(SQLiteFailure) -> [String] {
        var values: [String] = []
        try PreparedStatement(sql, on: self).query { row in values.append(row.text(0)) }
        return values
    }

    /// Whether closing this connection, when it is the last one on the file, copies the -wal file
    /// into the database and deletes it (SQLite's default, and what a store that closes wants).
    func checkpointOnClose(_ enabled: Bool) {
        focussync_sqlite_checkpoint_on_close(handle, enabled ? 1 : 0)
    }

    /// True while a transaction is open (SQLite may end one by itself after I/O errors).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The failure for a result code just returned by a call on this connection.
    func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }
}
