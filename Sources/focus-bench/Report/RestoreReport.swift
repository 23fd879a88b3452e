/// The figures of `restore-1000x1000`: the data folder, and how long restarts on it took.
struct RestoreReport: Sendable, Encodable {
    var scenario: String
    var kind = "restore"
    var sessions: Int
    var changesPerSession: Int
    /// Changes a session has after its last snapshot, which a restore replays (nil when the
    /// folder was an earlier run's, as found).
    var changesAfterLastSnapshot: Int?
    /// How long the server took to write the folder (nil when it was an earlier run's).
    var prepareSeconds: Double?
    /// The database and its -wal as the last crash left them.
    var databaseBytes: Int
    var bytesPerChange: Double
    /// From starting the server to `/healthz` answering with every session, per restart.
    var restoreSeconds: [Double]
    /// The server's CPU time (user + system, all threads) by then: what the restore cost,
    /// however busy the machine was.
    var restoreCPUSeconds: [Double]
    /// The server's resident memory once it had restored everything.
    var serverRSSKB: Int?
    var notes: [String]

    /// The target for the restore of 1,000 sessions × 1,000 changes.
    static let targetSeconds = 2.0
}
