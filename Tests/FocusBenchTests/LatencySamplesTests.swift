import Testing

@testable import focus_bench

@Suite("Latency percentiles")
struct LatencySamplesTests {
    @Test func nearestRankPercentilesOfOneToHundred() throws {
        var samples = LatencySamples()
        for value in (1...100).reversed() {
            samples.add(microseconds: UInt32(value))
        }
        let summary = try #require(samples.summary())
        #expect(summary == LatencySummary(p50: 50, p90: 90, p99: 99, max: 100))
    }

    @Test func oneSlowDeliveryShowsOnlyInTheTail() throws {
        var samples = LatencySamples()
        for _ in 0..<999 { samples.add(nanoseconds: 200_000) }
        samples.add(nanoseconds: 3_000_000_000)
        let summary = try #require(samples.summary())
        #expect(summary.p99 == 200)
        #expect(summary.max == 3_000_000)
    }

    @Test func noSamplesNoSummary() {
        #expect(LatencySamples().summary() == nil)
    }

    @Test func halvesCombine() {
        var first = LatencySamples()
        var second = LatencySamples()
        first.add(microseconds: 1)
        second.add(microseconds: 2)
        #expect((first + second).values == [1, 2])
    }
}
