/// What the load generator counted for the intents sent inside the measured window.
struct LoadTally: Sendable {
    var intentsSent = 0
    /// One per client of the session (the driver included) for every measured intent.
    var deliveriesExpected = 0
    var deliveriesReceived = 0
    /// Latencies of deliveries whose intent was sent in the first and the second half of the window.
    var firstHalf = LatencySamples()
    var secondHalf = LatencySamples()
    /// `ack` and `error` answers while running (an intent that was not broadcast).
    var acks = 0
    var errors = 0
    /// Snapshots received while running: the server coalesced a backlog it could not send.
    var snapshots = 0
    /// Connections that closed while running.
    var closed = 0
    /// Times an open-loop driver was so far behind its schedule that intents had to wait.
    var behindSchedule = 0

    var lost: Int { deliveriesExpected - deliveriesReceived }
    var latencies: LatencySamples { firstHalf + secondHalf }
}
