/// Each variant's load figures against the in-memory server's in the same run: what durability
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

    /// One variant's row beside the reference row of the same scenario.
    struct Row: Equatable {
        var scenario: String
        var variant: String
        /// Variant over reference; nil when either has no figure.
        var cpuPerDelivery: Double?
        var p99: Double?
        /// Only for closed loops, where throughput is what the server can do.
        var intentsPerSecond: Double?
        /// The targets missed, by name; empty when all are met.
        var missed: [String]
    }

    /// A row for every variant other than the reference that ran a scenario the reference ran
    /// too, in the order they ran.
    static func rows(_ reports: [LoadReport]) -> [Row] {
        var references: [String: LoadReport] = [:]
        for report in reports where report.variant == reference {
            references[baseName(report)] = report
        }
        return reports.compactMap { report -> Row? in
            guard let variant = report.variant, variant != reference, let base = references[baseName(report)] else { return nil }
            let cpu = ratio(report.serverCPUMicrosecondsPerDelivery, base.serverCPUMicrosecondsPerDelivery)
            let p99 = ratio(report.latencyMicroseconds.map { Double($0.p99) }, base.latencyMicroseconds.map { Double($0.p99) })
            let closedLoop = report.pacing == "closed loop"
            let throughput = closedLoop ? ratio(report.intentsPerSecond, base.intentsPerSecond) : nil
            var missed: [String] = []
            if let cpu, cpu > (variant == "redis" ? redisCPURatio : cpuRatio) { missed.append("CPU") }
            if let p99, p99 > p99Ratio { missed.append("p99") }
            if let throughput, throughput < closedLoopThroughputRatio { missed.append("intents/s") }
            return Row(
                scenario: baseName(report), variant: variant, cpuPerDelivery: cpu, p99: p99, intentsPerSecond: throughput,
                missed: missed)
        }
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
            ["scenario", "variant", "srv µs/deliv", "p99", "intents/s", "targets"],
            rows.map { row in
                [
                    row.scenario, "\(row.variant) / \(reference)", times(row.cpuPerDelivery), times(row.p99),
                    times(row.intentsPerSecond), row.missed.isEmpty ? "met" : "missed: " + row.missed.joined(separator: ", "),
                ]
            })
        lines.append(
            "  targets against \(reference) in the same run: CPU per delivery ≤ \(times(cpuRatio)) (redis ≤ \(times(redisCPURatio))), "
                + "p99 ≤ \(times(p99Ratio)), closed-loop intents/s ≥ \(times(closedLoopThroughputRatio))")
        return lines.joined(separator: "\n")
    }
}
