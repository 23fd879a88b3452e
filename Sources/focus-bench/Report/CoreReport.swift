/// `FocusEngine.apply` alone: how many focus intents one core applies per second.
struct CoreReport: Sendable, Encodable {
    var scenario: String
    var kind = "core"
    var intents: Int
    var seconds: Double
    var intentsPerSecond: Double
    var nanosecondsPerIntent: Double
}
