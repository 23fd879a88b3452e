import Testing

@testable import focus_bench

/// The table `make bench` prints of each variant against the in-memory server of the same run.
struct VariantComparisonTests {
    /// A load row with just the figures the comparison reads.
    private static func row(
        _ scenario: String, _ variant: String?, pacing: String = "closed loop", intentsPerSecond: Double, cpu: Double?, p99: Int
    ) -> LoadReport {
        LoadReport(
            scenario: scenario + (variant.map { " [\($0)]" } ?? ""), variant: variant, sessions: 100, clientsPerSession: 2,
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

    @Test func withoutAnInMemoryRowThereIsNoTable() {
        #expect(VariantComparison.table([Self.row("closed-100x2", "stored", intentsPerSecond: 1, cpu: 1, p99: 1)]) == nil)
    }
}
