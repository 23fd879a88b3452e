import FocusCore

/// FocusCore without any I/O: taps alternating between the profile's two fields, applied in
/// a loop on one session state, on the bench's own core.
enum CoreThroughput {
    static func run(_ name: String, intents: Int) -> CoreReport {
        let engine = FocusEngine()
        var ids = SystemRandomNumberGenerator()
        var state = engine.start(ids: &ids).state
        let taps: [Intent] = [.focus(.firstName), .focus(.lastName)]
        var applied = 0
        let start = MonotonicClock.nanoseconds()
        for number in 0..<intents {
            // Counting what was applied keeps the optimiser from dropping the work.
            if case .applied? = try? engine.apply(taps[number & 1], on: .profile, to: &state, ids: &ids) {
                applied += 1
            }
        }
        let seconds = Double(MonotonicClock.nanoseconds() - start) / 1e9
        return CoreReport(
            scenario: name, intents: applied, seconds: seconds, intentsPerSecond: Double(applied) / seconds,
            nanosecondsPerIntent: seconds * 1e9 / Double(max(applied, 1)))
    }
}
