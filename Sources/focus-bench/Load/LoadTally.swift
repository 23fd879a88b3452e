/// What the load generator counted for the intents sent inside the measured window.
struct LoadTally: Sendable {
    var intentsSent = 0
    /// One per client of the session that should see each measured intent: every client, or
    /// for typing every client but the typist.
    var deliveriesExpected = 0
    var deliveriesReceived = 0
    /// Latencies of deliveries whose intent was sent in the first and the second half of the window.
    var firstHalf = LatencySamples()
    var secondHalf = LatencySamples()
    /// Latencies by the second of the window their intent was sent in, when asked for.
    var perSecond: [LatencySamples] = []
    /// Every `update` for a measured intent, the author's own included, and their payload bytes.
    var updatesReceived = 0
    var updateBytes = 0
    var largestUpdateBytes = 0
    /// `ack` and `error` answers while running (an intent that was not broadcast).
    var acks = 0
    var errors = 0
    /// The first error message received, for the notes.
    var firstError: String?
    /// Snapshots received while running: the server coalesced a backlog it could not send.
    var snapshots = 0
    /// Connections that closed while running.
    var closed = 0
    /// Times an open-loop driver was so far behind its schedule that intents had to wait.
    var behindSchedule = 0

    var lost: Int { deliveriesExpected - deliveriesReceived }
    var latencies: LatencySamples { firstHalf + secondHalf }
}
