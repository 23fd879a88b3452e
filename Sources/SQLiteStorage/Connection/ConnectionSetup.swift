import CSQLite

extension SQLiteConnection {
    /// Opens `path` the way every connection of the store needs it: WAL journal, the chosen
    /// durability, foreign keys (a session's rows go with it), and the busy timeout. With
    /// `keepingWriteAheadLog`, closing it leaves the -wal file alone until
    /// ``SQLiteConnection/checkpointOnClose(_:)`` says otherwise.
    static func configured(path: String, options: StoreOptions, keepingWriteAheadLog: Bool = false) throws(StorageError)
        -> SQLiteConnection
    {
        do throws(SQLiteFailure) {
            let connection = try SQLiteConnection(path: path)
            if keepingWriteAheadLog { connection.checkpointOnClose(false) }
            let timeout = options.busyTimeout.components
            let milliseconds = timeout.seconds * 1000 + timeout.attoseconds / 1_000_000_000_000_000
            try connection.execute("PRAGMA busy_timeout = \(milliseconds)")
            try connection.execute("PRAGMA foreign_keys = ON")
            // The first statement that reads the file: a file that is not a database fails here.
            let mode = try connection.texts("PRAGMA journal_mode = WAL")
            guard mode == ["wal"] else {
                throw SQLiteFailure(
                    code: SQLITE_CANTOPEN,
                    message: "the file system does not support WAL mode (journal mode stays \(mode.first ?? "unknown"))")
            }
            try connection.execute("PRAGMA synchronous = \(options.durability == .full ? "FULL" : "NORMAL")")
            // After a checkpoint, shrink a WAL that a long backlog grew past 64 MiB.
            try connection.execute("PRAGMA journal_size_limit = \(64 << 20)")
            return connection
        } catch {
            throw error.storageError(path: path)
        }
    }
}
