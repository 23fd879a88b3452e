import CSQLite

/// A failed SQLite call inside the storage: the extended result code and SQLite's message.
/// Turned into a ``StorageError`` (which names the file) where the storage knows what it was doing.
struct SQLiteFailure: Error {
    let code: Int32
    let message: String

    var primaryCode: Int32 { code & 0xFF }

    /// The sentence for this failure when nothing more specific applies.
    func storageError(path: String) -> StorageError {
        switch primaryCode {
        case SQLITE_FULL: .diskFull(path: path, reason: message)
        case SQLITE_NOTADB: .notADatabase(path: path, reason: message)
        case SQLITE_CORRUPT: .damaged(path: path, reason: message)
        case SQLITE_IOERR: .ioFailure(path: path, reason: message)
        case SQLITE_BUSY, SQLITE_LOCKED: .busy(path: path, reason: message)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH: .noAccess(path: path, reason: message)
        default: .unexpected(path: path, reason: message)
        }
    }
}
