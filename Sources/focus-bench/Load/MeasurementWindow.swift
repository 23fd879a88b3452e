/// The stretch of time whose intents are measured, on ``MonotonicClock``. Intents sent before
/// it are warm-up; none are sent after it.
struct MeasurementWindow: Sendable {
    let start: UInt64
    let end: UInt64

    init(start: UInt64, seconds: Double) {
        self.start = start
        end = start + UInt64(seconds * 1e9)
    }

    var middle: UInt64 { start + (end - start) / 2 }
    var seconds: Double { Double(end - start) / 1e9 }

    func contains(_ instant: UInt64) -> Bool { instant >= start && instant < end }
}
