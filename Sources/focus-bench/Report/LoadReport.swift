/// The figures of one load scenario, as the table and `--json` show them.
struct LoadReport: Sendable, Encodable {
    struct ResidentMemory: Sendable, Encodable {
        /// A fresh server before any client connected.
        var beforeKB: Int?
        /// At the end of the measured window.
        var duringKB: Int?
        /// A second after every client disconnected.
        var afterKB: Int?
    }

    /// What a server with a data folder stored for the run.
    struct Store: Sendable, Encodable {
        /// Changes applied over the whole run, warm-up included: the sessions' revisions.
        var changes: Int
        /// The database and its -wal once the server stopped.
        var bytes: Int
        var bytesPerChange: Double
    }

    var scenario: String
    var kind = "load"
    /// The `--variant` the server ran with, if any.
    var variant: String?
    /// Which of the `--rounds` this run was, from 1.
    var round = 1
    var sessions: Int
    var clientsPerSession: Int
    var driversPerSession: Int
    var intent: IntentKind
    var pacing: String
    var windowSeconds: Double
    var intentsSent: Int
    /// What the drivers should have sent at their rate (nil for a closed loop).
    var intentsPlanned: Int?
    var intentsPerSecond: Double
    var deliveriesExpected: Int
    var deliveriesReceived: Int
    var lost: Int
    var latencyMicroseconds: LatencySummary?
    /// p99 of the intents sent in the first and the second half of the window: a queue that
    /// keeps growing shows as a second half far above the first.
    var p99FirstHalfMicroseconds: Int?
    var p99SecondHalfMicroseconds: Int?
    /// p99 of the intents sent in each second of the window (scenarios that ask for it), and
    /// where the window started, counted from the first connect: so timer bursts at fixed
    /// times after connecting (hello deadline, keepalive) show up.
    var p99PerSecondMicroseconds: [Int?]?
    var windowStartAfterFirstConnectSeconds: Double?
    var deliveriesPerSecond: Double
    /// `update` messages received for the window's intents (typists' own included) and their
    /// payload size: server CPU per delivery divides by this count.
    var updatesReceived: Int
    var updateBytesMean: Double?
    var updateBytesMax: Int?
    var serverCPUMicrosecondsPerDelivery: Double?
    var serverCPUPercent: Double?
    var generatorCPUPercent: Double?
    /// How much of the server's and of the generator's core other processes took during the
    /// window (the machine may be shared): high values make every figure pessimistic.
    var serverCoreOtherLoadPercent: Double?
    var generatorCoreOtherLoadPercent: Double?
    var serverRSS: ResidentMemory
    var acks: Int
    var errors: Int
    var snapshots: Int
    var closedConnections: Int
    /// The load generator used (nearly) all of its core: its latencies and rates are suspect.
    var generatorSaturated: Bool
    var notes: [String]
    /// Only for a server with a fresh data folder (`--data-dir={fresh}`).
    var store: Store?

    /// At or above this CPU share the load generator counts as saturated.
    static let saturationPercent = 90.0
    /// At or above this share of a core taken by other processes, a note says so.
    static let otherLoadNotePercent = 10.0
}
