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

    var scenario: String
    var kind = "load"
    var sessions: Int
    var clientsPerSession: Int
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
    var deliveriesPerSecond: Double
    var serverCPUMicrosecondsPerDelivery: Double?
    var serverCPUPercent: Double?
    var generatorCPUPercent: Double?
    var serverRSS: ResidentMemory
    var acks: Int
    var errors: Int
    var snapshots: Int
    var closedConnections: Int
    /// The load generator used (nearly) all of its core: its latencies and rates are suspect.
    var generatorSaturated: Bool
    var notes: [String]

    /// At or above this CPU share the load generator counts as saturated.
    static let saturationPercent = 90.0
}
