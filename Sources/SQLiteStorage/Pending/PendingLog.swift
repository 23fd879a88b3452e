import Glibc

/// The file beside the database (`focus-sync.sqlite3-pending`) that holds submissions reported
/// committed before the database has them: one `pwrite` makes a group durable against the
/// process being killed, as a commit under `synchronous=NORMAL` is, for a fraction of a
/// transaction's cost. The writer thread applies them to the database in large groups later;
/// opening the store applies what a crash left (``PendingRecovery``).
///
/// Starts with an 8-byte mark, then ``PendingRecord``s. Not thread-safe: the ``StorageWriter``
/// uses it under its lock.
final class PendingLog {
    static let suffix = "-pending"
    static let mark = Array("FSPEND01".utf8)

    let path: String
    /// The database it belongs to, which errors name (the sentences speak of the database).
    private let database: String
    private var descriptor: Int32
    /// Where the next record goes: the end of the last whole record.
    private(set) var length: Int
    /// Bytes of records after the mark that the database has, not yet removed.
    private var applied = 0

    /// Opens the log for `database`, creating it, and empties it: what it held was applied by
    /// ``PendingRecovery`` when the store opened.
    init(database: String) throws(StorageError) {
        path = database + Self.suffix
        self.database = database
        descriptor = try Self.create(path, database: database)
        length = 0
        do throws(StorageError) {
            try Self.write(Self.mark[...], to: descriptor, at: 0, database: database)
            length = Self.mark.count
            try cut(to: length)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit {
        close(descriptor)
    }

    /// Appends `bytes` (whole records); on failure the log is cut back to what it held before,
    /// so a record written in part is never followed by others.
    func append(_ bytes: [UInt8]) throws(StorageError) {
        do throws(StorageError) {
            try write(bytes[...], at: length)
            length += bytes.count
        } catch {
            try? cut(to: length)
            throw error
        }
    }

    /// Forgets the next `count` bytes of records, which the database now has: at once when
    /// nothing follows them (one `ftruncate`); otherwise once ``compactionLength`` bytes are
    /// applied, by writing the rest to a new file renamed over this one, so that the file never
    /// holds a record in part, whenever the process dies.
    func dropApplied(bytes count: Int) throws(StorageError) {
        applied += count
        if Self.mark.count + applied >= length {
            try cut(to: Self.mark.count)
            length = Self.mark.count
            applied = 0
            return
        }
        guard applied >= Self.compactionLength else { return }
        let tail = try read(from: Self.mark.count + applied, count: length - Self.mark.count - applied)
        let fresh = try Self.create(path + ".new", database: database)
        do throws(StorageError) {
            try Self.write(Self.mark[...] + tail, to: fresh, at: 0, database: database)
            guard rename(path + ".new", path) == 0 else { throw Self.failure(database: database) }
        } catch {
            close(fresh)
            unlink(path + ".new")
            throw error
        }
        close(descriptor)
        descriptor = fresh
        length = Self.mark.count + tail.count
        applied = 0
    }

    /// How many applied bytes may lie before records still to apply.
    static let compactionLength = 1 << 20

    /// Removes the file (the store closed with everything applied).
    func remove() {
        unlink(path)
    }

    /// Removes what a crash during ``dropApplied(bytes:)`` may have left beside `path`.
    static func removeLeftovers(of path: String) {
        unlink(path + ".new")
    }

    /// Every whole record in the file at `path`, in order; none when there is no such file.
    static func records(at path: String) throws(StorageError) -> [PendingRecord] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return [] }
            throw .ioFailure(path: path, reason: DatabaseLocation.lastErrorText())
        }
        defer { close(descriptor) }
        // Read at open only, so its errors name the log itself.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .ioFailure(path: path, reason: DatabaseLocation.lastErrorText()) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        guard bytes.starts(with: mark) else {
            // Empty, or cut short while it was created: nothing in it was ever reported.
            if bytes.count <= mark.count, mark.starts(with: bytes) { return [] }
            throw .damaged(path: path, reason: "it does not start with the pending log's mark")
        }
        return PendingRecord.decodeAll(bytes[mark.count...])
    }

    private func write(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(StorageError) {
        try Self.write(bytes, to: descriptor, at: offset, database: database)
    }

    private static func write(
        _ bytes: ArraySlice<UInt8>, to descriptor: Int32, at offset: Int, database: String
    ) throws(StorageError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 { errno = EIO }
            guard count > 0 else { throw failure(database: database) }
            done += count
        }
    }

    private static func create(_ path: String, database: String) throws(StorageError) -> Int32 {
        // O_TRUNC: a `.new` a failed compaction left must not lend its bytes to the next.
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(database: database) }
        return descriptor
    }

    private func read(from offset: Int, count: Int) throws(StorageError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
            }
            if got < 0, errno == EINTR { continue }
            if got == 0 { errno = EIO }
            guard got > 0 else { throw Self.failure(database: database) }
            done += got
        }
        return bytes
    }

    private func cut(to size: Int) throws(StorageError) {
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw Self.failure(database: database) }
    }

    private static func failure(database: String) -> StorageError {
        let reason = DatabaseLocation.lastErrorText()
        return errno == ENOSPC || errno == EDQUOT
            ? .diskFull(path: database, reason: reason) : .ioFailure(path: database, reason: reason + ", in its pending log")
    }
}
