/// Why the storage could not open, read or write its database, in one sentence that names the
/// file or folder and what to do about it.
///
/// `reason` is the operating system's or SQLite's own words (`Permission denied`,
/// `database or disk is full`), kept so the sentence says what actually happened.
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data folder does not exist and cannot be made.
    case cannotCreateFolder(folder: String, reason: String)
    /// The folder holding the database refuses new files (SQLite needs its `-wal` and `-shm` there).
    case folderNotWritable(folder: String, reason: String)
    /// A folder stands where the database file should be.
    case folderInPlaceOfDatabase(path: String)
    /// The database file exists but this user may not read and write it.
    case noAccess(path: String, reason: String)
    /// The file is not an SQLite database, or holds another program's tables.
    case notADatabase(path: String, reason: String)
    /// The database is an SQLite file whose pages are damaged (integrity check, or SQLITE_CORRUPT).
    case damaged(path: String, reason: String)
    /// The file's `PRAGMA user_version` is newer than the schema this build knows.
    case newerSchema(path: String, found: Int, supported: Int)
    /// A migration step from an older schema failed; the file is left at `from`.
    case migrationFailed(path: String, from: Int, to: Int, reason: String)
    /// Another process holds the database's lock file.
    case inUse(path: String)
    /// Another connection kept the database locked past the busy timeout.
    case busy(path: String, reason: String)
    /// The disk (or the database's page limit) is full.
    case diskFull(path: String, reason: String)
    /// Reading or writing the file failed at the operating system level.
    case ioFailure(path: String, reason: String)
    /// An `append` for a (session, revision) that is already stored: revisions are written once.
    case duplicateRevision(path: String, session: String, revision: Int64)
    /// A change, snapshot or member for a session that was never stored (or was deleted).
    case unknownSession(path: String, session: String)
    /// A read or write after the store or the writer was closed.
    case closed(path: String)
    /// Any other SQLite failure.
    case unexpected(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let folder, let reason):
            "The data folder \(folder) cannot be created (\(reason)); create it yourself, or choose another data folder."
        case .folderNotWritable(let folder, let reason):
            "The data folder \(folder) is not writable (\(reason)); give the user running FocusSync write permission on it, or choose another data folder."
        case .folderInPlaceOfDatabase(let path):
            "\(path) is a folder where the database file should be; move it aside, or choose another data folder."
        case .noAccess(let path, let reason):
            "The database \(path) cannot be opened for reading and writing (\(reason)); give the user running FocusSync read and write permission on it, or restore a backup."
        case .notADatabase(let path, let reason):
            "The file \(path) is not a FocusSync database (\(reason)); move it and its -wal file, if any, aside to start empty, or choose another data folder."
        case .damaged(let path, let reason):
            "The database \(path) is damaged (\(reason)); move it and its -wal file, if any, aside to start empty, or restore a backup."
        case .newerSchema(let path, let found, let supported):
            "The database \(path) was written by a newer FocusSync (schema version \(found); this one reads up to \(supported)); run the newer FocusSync, or move it and its -wal file, if any, aside to start empty."
        case .migrationFailed(let path, let from, let to, let reason):
            "The database \(path) could not be upgraded from schema version \(from) to \(to) (\(reason)); restore a backup, or move it and its -wal file, if any, aside to start empty."
        case .inUse(let path):
            "The database \(path) is in use by another FocusSync process; stop that process, or choose another data folder."
        case .busy(let path, let reason):
            "The database \(path) stayed locked by another connection (\(reason)); stop any other program that writes to it."
        case .diskFull(let path, let reason):
            "The disk holding the database \(path) is full (\(reason)); free some space on it."
        case .ioFailure(let path, let reason):
            "The database \(path) could not be read or written (\(reason)); check the disk it is on and the file's permissions."
        case .duplicateRevision(let path, let session, let revision):
            "The database \(path) already holds revision \(revision) of session \(session); a revision is stored once, so this submission was not stored."
        case .unknownSession(let path, let session):
            "The database \(path) holds no session \(session); store the session (upsertSession) before its changes, snapshots and members."
        case .closed(let path):
            "The database \(path) was closed, so nothing was read or stored; open it again, and submit writes before closing it."
        case .unexpected(let path, let reason):
            "The database \(path) reported an unexpected error (\(reason)); check the file and the disk it is on, then start again."
        }
    }
}
