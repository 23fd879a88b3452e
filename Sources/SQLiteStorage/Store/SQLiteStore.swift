import Locking

/// The durable log of FocusSync sessions: one SQLite file in WAL mode, read here and written by a
/// ``StorageWriter`` on a thread of its own.
///
/// Open it at start (the checks name the file and the remedy for every way it can be unusable),
/// ``loadAll()`` to bring the sessions back, then ``startWriter(onCommit:)``. Reads may run on any
/// thread, also while the writer commits. The storage never looks inside the payloads.
public final class SQLiteStore: Sendable {
    /// The database's name inside a data folder.
    public static let fileName = "focus-sync.sqlite3"

    /// The database file, absolute.
    public let path: String
    public let options: StoreOptions
    /// How far the integrity check at open got without finding damage.
    public let integrityCheck: IntegrityCheck

    private let reader: Locked<SessionReader?>
    private let lock: Locked<DatabaseLock?>
    private let writers = Locked<[StorageWriter]>([])

    private init(
        path: String, options: StoreOptions, integrityCheck: IntegrityCheck, reader: sending SessionReader,
        lock: sending DatabaseLock
    ) {
        self.path = path
        self.options = options
        self.integrityCheck = integrityCheck
        self.reader = Locked(reader)
        self.lock = Locked(lock)
    }

    deinit {
        close()
    }

    /// Opens `focus-sync.sqlite3` in `directory`, creating the folder (and any missing parents)
    /// and an empty database when there is none.
    public static func open(directory: String, options: StoreOptions = StoreOptions()) throws(StorageError) -> SQLiteStore {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return try open(path: folder + "/" + fileName, options: options)
    }

    /// Opens the database at `path`, creating it when missing, and checks before anything else
    /// reads it: that its folder is writable and the file readable and writable, that no other
    /// process has it open, that it is an SQLite database of a schema version this build knows
    /// (older ones are migrated forward), and that `PRAGMA quick_check` finds no damage within
    /// ``StoreOptions/integrityCheckLimit``. A refused file is left as it was, with its -wal file.
    public static func open(path: String, options: StoreOptions = StoreOptions()) throws(StorageError) -> SQLiteStore {
        let location = DatabaseLocation(path: path)
        try location.prepare()
        let lock = try DatabaseLock(databasePath: location.path)
        // A -wal file left by a process that did not close the database holds commits: if the
        // checks refuse the file, closing leaves the -wal beside it, not copied into it and deleted.
        let connection = try SQLiteConnection.configured(
            path: location.path, options: options, keepingWriteAheadLog: location.hasWriteAheadLog)
        let migrator = SchemaMigrator(migrations: SQLiteSchema.migrations)
        try migrator.checkVersion(on: connection, path: location.path)
        let check = try IntegrityCheck.run(on: connection, path: location.path, limit: options.integrityCheckLimit)
        try migrator.migrate(connection, path: location.path)
        // Submissions reported committed before the database had them, left by a process that
        // did not close the store.
        try PendingRecovery.apply(database: location.path, options: options)
        let reader = try SessionReader(connection: connection, path: location.path)
        connection.checkpointOnClose(true)
        return SQLiteStore(path: location.path, options: options, integrityCheck: check, reader: reader, lock: lock)
    }

    /// Every stored session: metadata, latest snapshot, the changes after it, and members,
    /// sorted by id. All of it as of one commit.
    public func loadAll() throws(StorageError) -> [StoredSession] {
        try reader.withLock { reader throws(StorageError) in
            guard let reader else { throw .closed(path: path) }
            return try reader.loadAll()
        }
    }

    /// The stored changes of `session` with revisions from `from` through `through`, in order:
    /// the timeline. Safe while the writer commits.
    public func changes(session: String, from: Int64, through: Int64) throws(StorageError) -> [StoredChange] {
        try reader.withLock { reader throws(StorageError) in
            guard let reader else { throw .closed(path: path) }
            return try reader.changes(session: session, from: from, through: through)
        }
    }

    /// Starts a writer on its own connection and thread; `onCommit` runs on that thread after
    /// every group commit (see ``StorageWriter``).
    public func startWriter(onCommit: @escaping StorageWriter.CommitHandler) throws(StorageError) -> StorageWriter {
        let writer = try StorageWriter(path: path, options: options, onCommit: onCommit)
        writers.withLock { $0.append(writer) }
        return writer
    }

    /// Closes the writers it started (each commits what was submitted first), the read
    /// connection, and releases the database for another process. Reads afterwards fail.
    public func close() {
        let started = writers.withLock { writers in
            defer { writers = [] }
            return writers
        }
        for writer in started { writer.close() }
        reader.withLock { $0 = nil }
        lock.withLock { $0 = nil }
    }
}
