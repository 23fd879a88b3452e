/// The server's resident memory with no connections and with growing numbers of idle ones.
struct IdleMemoryReport: Sendable, Encodable {
    struct Point: Sendable, Encodable {
        var connections: Int
        var residentKB: Int
        /// (RSS now − RSS with none) / connections.
        var kbPerConnection: Double
    }

    var scenario: String
    var kind = "idle-memory"
    /// The `--variant` the server ran with, if any.
    var variant: String?
    var baselineKB: Int
    var points: [Point]
    var notes: [String]
}
