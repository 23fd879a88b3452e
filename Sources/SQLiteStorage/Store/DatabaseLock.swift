import Glibc

/// An exclusive `flock` on `<database>.lock`, held while a store has the database open, so two
/// FocusSync processes never write one database (each would believe it owns the sessions).
/// The kernel drops the lock when the process ends, however it ends.
final class DatabaseLock {
    private let descriptor: Int32

    init(databasePath path: String) throws(StorageError) {
        let lockPath = path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .noAccess(path: lockPath, reason: DatabaseLocation.lastErrorText()) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(descriptor)
            if failure == EWOULDBLOCK { throw .inUse(path: path) }
            throw .ioFailure(path: lockPath, reason: String(cString: strerror(failure)))
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)  // releases the lock
    }
}
