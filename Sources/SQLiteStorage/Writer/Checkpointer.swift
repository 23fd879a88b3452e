/// Copies the WAL's frames into the database on a connection of its own, so that commits on the
/// writer's connection go on meanwhile: a checkpoint of 10,000 pages copies 40 MiB and syncs
/// both files, tens of milliseconds that would otherwise hold every delivery waiting for a commit.
/// The writer's thread only.
final class Checkpointer {
    private let connection: SQLiteConnection
    private let path: String

    init(path: String, options: StoreOptions) throws(StorageError) {
        self.path = path
        connection = try SQLiteConnection.configured(path: path, options: options)
    }

    /// Copies as many frames as it can without waiting for the writer (`PASSIVE`); the writer's
    /// connection starts the WAL again from its first frame at its next commit once all are
    /// copied. A failure leaves the WAL as it was, for the next time.
    func run() {
        try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
    }
}
