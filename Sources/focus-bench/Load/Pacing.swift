/// How a session's driver paces its intents.
enum Pacing: Sendable, Equatable {
    /// A fixed number of intents a second, whatever the answers.
    case fixedRate(perSecond: Double)
    /// The next intent as soon as the driver has received the update for its last one.
    case closedLoop
}
