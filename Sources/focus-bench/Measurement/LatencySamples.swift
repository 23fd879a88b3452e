/// Latencies in microseconds, kept whole so the percentiles are exact.
struct LatencySamples: Sendable {
    private(set) var values: [UInt32] = []

    init(expectedCount: Int = 0) {
        values.reserveCapacity(expectedCount)
    }

    var count: Int { values.count }

    mutating func add(nanoseconds: UInt64) {
        values.append(UInt32(clamping: nanoseconds / 1000))
    }

    mutating func add(microseconds: UInt32) {
        values.append(microseconds)
    }

    static func + (lhs: LatencySamples, rhs: LatencySamples) -> LatencySamples {
        var sum = lhs
        sum.values += rhs.values
        return sum
    }

    /// p50, p90, p99 and max, or nil without samples.
    func summary() -> LatencySummary? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return LatencySummary(
            p50: Self.percentile(50, of: sorted), p90: Self.percentile(90, of: sorted),
            p99: Self.percentile(99, of: sorted), max: Int(sorted[sorted.count - 1]))
    }

    /// Nearest rank: the smallest value that at least `percent`% of the samples do not exceed.
    static func percentile(_ percent: Double, of sorted: [UInt32]) -> Int {
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return Int(sorted[min(max(rank, 1), sorted.count) - 1])
    }
}

/// The latency percentiles a report shows, in microseconds.
struct LatencySummary: Sendable, Equatable, Encodable {
    var p50: Int
    var p90: Int
    var p99: Int
    var max: Int
}
