import Testing

@testable import focus_bench

/// The table `make bench` prints of each variant against the in-memory server of the same round.
struct VariantComparisonTests {
    /// A load row with just the figures the comparison reads.
    private static func row(
        _ scenario: String, _ variant: String?, round: Int = 1, pacing: String = "closed loop", intentsPerSecond: Double,
        cpu: Double?, p99: Int
    ) -> LoadReport {
        LoadReport(
            scenario: scenario + (variant.map { " [\($0)]" } ?? ""), variant: variant, round: round, sessions: 100,
            clientsPerSession: 2,
            driversPerSession: 1, intent: .focus, pacing: pacing, windowSeconds: 4, intentsSent: 1,
            intentsPerSecond: intentsPerSecond,
            deliveriesExpected: 2, deliveriesReceived: 2, lost: 0,
            latencyMicroseconds: LatencySummary(p50: 1, p90: 1, p99: p99, max: p99),
            deliveriesPerSecond: 2, updatesReceived: 2, serverCPUMicrosecondsPerDelivery: cpu, serverRSS: .init(), acks: 0,
            errors: 0, snapshots: 0, closedConnections: 0, generatorSaturated: false, notes: [])
    }

    @Test func eachVariantIsDividedByTheInMemoryRowOfItsScenarioAndJudgedAgainstTheTargets() {
        let rows = VariantComparison.rows([
            Self.row("closed-100x2", "stored", intentsPerSecond: 8_000, cpu: 22, p99: 3_000),
            Self.row("closed-100x2", "memory", intentsPerSecond: 10_000, cpu: 20, p99: 1_000),
            Self.row("fanout-100", "stored", pacing: "100/s", intentsPerSecond: 100, cpu: 11, p99: 400),
            Self.row("fanout-100", "memory", pacing: "100/s", intentsPerSecond: 100, cpu: 10, p99: 300),
            Self.row("fanout-100", "redis", pacing: "100/s", intentsPerSecond: 100, cpu: 12.5, p99: 300),
            Self.row("closed-1x2", "stored", intentsPerSecond: 1, cpu: 1, p99: 1),
        ])
        #expect(rows.map(\.scenario) == ["closed-100x2", "fanout-100", "fanout-100"], "closed-1x2 ran without a memory row")
        #expect(rows[0].cpuPerDelivery == 22.0 / 20)
        #expect(rows[0].intentsPerSecond == 0.8)
        #expect(rows[0].p99 == 3)
        #expect(rows[0].missed == ["p99", "intents/s"], "1.1× CPU is within the target; 0.8× throughput and 3× p99 are not")
        #expect(rows[1].intentsPerSecond == nil, "an open loop's rate is the generator's, not the server's")
        #expect(rows[1].missed.isEmpty)
        #expect(rows[2].variant == "redis" && rows[2].missed.isEmpty, "Redis may cost 1.25×: its target is 1.3×")
    }

    /// Each round's stored run is divided by that round's in-memory run, never another's, and
    /// the row gives the median of the rounds' ratios.
    @Test func roundsArePairedAndTheirRatiosGiveTheMedian() throws {
        let rows = VariantComparison.rows([
            // Round 2's memory run failed: its stored run is left out rather than set beside
            // another round's. Even rounds run memory first.
            Self.row("closed-1x2", "stored", round: 1, intentsPerSecond: 900, cpu: 13, p99: 100),
            Self.row("closed-1x2", "memory", round: 1, intentsPerSecond: 1_000, cpu: 10, p99: 100),
            Self.row("closed-1x2", "stored", round: 2, intentsPerSecond: 1, cpu: 100, p99: 100_000),
            Self.row("closed-1x2", "stored", round: 3, intentsPerSecond: 800, cpu: 12, p99: 300),
            Self.row("closed-1x2", "memory", round: 3, intentsPerSecond: 1_000, cpu: 10, p99: 100),
            // A slow round for both: paired with each other, its ratio is the others'.
            Self.row("closed-1x2", "memory", round: 4, intentsPerSecond: 500, cpu: 20, p99: 200),
            Self.row("closed-1x2", "stored", round: 4, intentsPerSecond: 450, cpu: 22, p99: 400),
        ])
        let row = try #require(rows.first)
        #expect(rows.count == 1 && row.rounds == 3)
        #expect(row.cpuPerDelivery == 1.2, "the median of 1.3, 1.1 and 1.2")
        #expect(row.p99 == 2, "the median of 1, 2 and 3")
        #expect(row.intentsPerSecond == 0.9, "the median of 0.9, 0.9 and 0.8")
        #expect(row.missed == ["CPU", "p99"])
    }

    @Test func theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        #expect(VariantComparison.median([4, 1, 3, 2]) == 2.5)
        #expect(VariantComparison.median([]) == nil)
    }

    @Test func withoutAnInMemoryRowThereIsNoTable() {
        #expect(VariantComparison.table([Self.row("closed-100x2", "stored", intentsPerSecond: 1, cpu: 1, p99: 1)]) == nil)
    }
}
