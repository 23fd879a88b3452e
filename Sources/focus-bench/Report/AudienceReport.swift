/// One session's audience on a running server or cluster (`--audience`): a presenter's focus
/// changes and every viewer's receipt of each.
struct AudienceReport: Sendable, Encodable {
    var kind = "audience"
    var viewers: Int
    var joined: Int
    /// From the first connect to the last snapshot.
    var joinSeconds: Double?
    var presenterRate: Double
    var windowSeconds: Double
    /// The presenter's changes sent in the window.
    var updatesSent: Int
    /// One per member (every viewer and the presenter) for each change sent in the window.
    var deliveriesExpected: Int
    var deliveriesReceived: Int
    var lost: Int
    /// From the presenter's send to each receipt (one monotonic clock: one process).
    var latencyMicroseconds: LatencySummary?
    var closedConnections: Int
    var errors: Int
    /// Snapshots received in the window: a backlog a node could not send was coalesced.
    var snapshots: Int
    var behindSchedule: Int
    var generatorCPUPercent: Double?

    var jsonLine: String { ScenarioReport.jsonLine(of: self) }
}
