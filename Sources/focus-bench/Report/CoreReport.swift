/// The program interpreter alone: how many focus intents on the profile seed screen one core
/// applies (and draws) per second.
struct CoreReport: Sendable, Encodable {
    var scenario: String
    var kind = "core"
    var intents: Int
    var seconds: Double
    var intentsPerSecond: Double
    var nanosecondsPerIntent: Double
}
