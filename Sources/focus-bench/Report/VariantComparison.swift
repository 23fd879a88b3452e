/// Each variant's load figures against the in-memory server's in the same round: what durability
/// (or Redis) costs, with the targets of issue 23 beside them (docs/PERFORMANCE.md).
enum VariantComparison {
    /// The variant every other one is measured against.
    static let reference = "memory"

    /// The most a stored server may cost against the in-memory one: CPU per delivery and p99
    /// (Redis gets `redisCPURatio` for CPU), and the least throughput it may keep in a closed loop.
    static let cpuRatio = 1.15
    static let redisCPURatio = 1.3
    static let p99Ratio = 1.5
    static let closedLoopThroughputRatio = 0.85

    /// One variant's figures over the reference's, per scenario: with several `--rounds`, the
    /// median of the rounds' ratios, each round's run divided by the reference's of that round.
    struct Row: Equatable {
        var scenario: String
        var variant: String
        /// Rounds that ran both the variant and the reference.
        var rounds: Int
        /// Variant over reference; nil when either has no figure.
        var cpuPerDelivery: Double?
        var p99: Double?
        /// Only for closed loops, where throughput is what the server can do.
        var intentsPerSecond: Double?
        /// The targets missed, by name; empty when all are met.
        var missed: [String]
    }

    /// A row for every variant other than the reference that ran a scenario the reference ran
    /// too in the same round, in the order they first ran.
    static func rows(_ reports: [LoadReport]) -> [Row] {
        struct Round: Hashable {
            var scenario: String
            var round: Int
        }
        struct Variant: Hashable {
            var scenario: String
            var name: String
        }
        var references: [Round: LoadReport] = [:]
        for report in reports where report.variant == reference {
            references[Round(scenario: baseName(report), round: report.round)] = report
        }
        var order: [Variant] = []
        var paired: [Variant: [(run: LoadReport, reference: LoadReport)]] = [:]
        for report in reports {
            guard let name = report.variant, name != reference,
                let base = references[Round(scenario: baseName(report), round: report.round)]
            else { continue }
            let key = Variant(scenario: baseName(report), name: name)
            if paired[key] == nil { order.append(key) }
            paired[key, default: []].append((report, base))
        }
        return order.map { key in
            let (scenario, variant) = (key.scenario, key.name)
            let runs = paired[key] ?? []
            func medianRatio(_ figure: (LoadReport) -> Double?) -> Double? {
                median(runs.compactMap { ratio(figure($0.run), figure($0.reference)) })
            }
            let cpu = medianRatio(\.serverCPUMicrosecondsPerDelivery)
            let p99 = medianRatio { $0.latencyMicroseconds.map { Double($0.p99) } }
            let closedLoop = runs.first?.run.pacing == "closed loop"
            let throughput = closedLoop ? medianRatio { $0.intentsPerSecond } : nil
            var missed: [String] = []
            if let cpu, cpu > (variant == "redis" ? redisCPURatio : cpuRatio) { missed.append("CPU") }
            if let p99, p99 > p99Ratio { missed.append("p99") }
            if let throughput, throughput < closedLoopThroughputRatio { missed.append("intents/s") }
            return Row(
                scenario: scenario, variant: variant, rounds: runs.count, cpuPerDelivery: cpu, p99: p99,
                intentsPerSecond: throughput, missed: missed)
        }
    }

    /// The middle value (the mean of the two middle ones for an even count); nil for none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The scenario's name without the variant's suffix.
    private static func baseName(_ report: LoadReport) -> String {
        guard let variant = report.variant else { return report.scenario }
        let suffix = " [\(variant)]"
        return report.scenario.hasSuffix(suffix) ? String(report.scenario.dropLast(suffix.count)) : report.scenario
    }

    private static func ratio(_ value: Double?, _ reference: Double?) -> Double? {
        guard let value, let reference, reference > 0 else { return nil }
        return value / reference
    }

    /// The table `focus-bench` prints after the load table; nil when no scenario ran beside the reference.
    static func table(_ reports: [LoadReport]) -> String? {
        let rows = rows(reports)
        guard !rows.isEmpty else { return nil }
        func times(_ value: Double?) -> String { value.map { String(format: "%.2f×", $0) } ?? "-" }
        var lines = ReportTable.grid(
            ["scenario", "variant", "rounds", "srv µs/deliv", "p99", "intents/s", "targets"],
            rows.map { row in
                [
                    row.scenario, "\(row.variant) / \(reference)", "\(row.rounds)", times(row.cpuPerDelivery), times(row.p99),
                    times(row.intentsPerSecond), row.missed.isEmpty ? "met" : "missed: " + row.missed.joined(separator: ", "),
                ]
            })
        lines.append(
            "  targets against \(reference) in the same round (the median over rounds): CPU per delivery ≤ \(times(cpuRatio)) (redis ≤ \(times(redisCPURatio))), "
                + "p99 ≤ \(times(p99Ratio)), closed-loop intents/s ≥ \(times(closedLoopThroughputRatio))")
        return lines.joined(separator: "\n")
    }
}
