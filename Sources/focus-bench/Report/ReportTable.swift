import Foundation

/// The human-readable form of a run: one table for the load scenarios (stored first, what users
/// run, in memory after it; every round's runs), one of each variant against the in-memory run
/// of its scenario and round (``VariantComparison``), the p99 of each second where a scenario
/// asked for it, one table for joins, one for idle memory, one for FocusCore alone, one for
/// restores, one for classes of forks, each followed by its notes.
enum ReportTable {
    static func render(_ reports: [ScenarioReport]) -> String {
        var loads: [LoadReport] = []
        var joins: [JoinReport] = []
        var idles: [IdleMemoryReport] = []
        var cores: [CoreReport] = []
        var restores: [RestoreReport] = []
        var forks: [ForksReport] = []
        var failures: [String] = []
        for report in reports {
            switch report {
            case .load(let load): loads.append(load)
            case .join(let join): joins.append(join)
            case .idleMemory(let idle): idles.append(idle)
            case .core(let core): cores.append(core)
            case .restore(let restore): restores.append(restore)
            case .forks(let report): forks.append(report)
            case .failed(let scenario, let reason): failures.append("\(scenario): FAILED: \(reason)")
            }
        }
        var sections: [String] = []
        if !loads.isEmpty { sections.append(loadTable(loads)) }
        if let comparison = VariantComparison.table(loads) { sections.append(comparison) }
        let timelines = loads.filter { $0.p99PerSecondMicroseconds != nil }
        if !timelines.isEmpty { sections.append(perSecondLines(timelines)) }
        if !joins.isEmpty { sections.append(joinTable(joins)) }
        if !idles.isEmpty { sections.append(idleTable(idles)) }
        if !cores.isEmpty { sections.append(coreTable(cores)) }
        if !restores.isEmpty { sections.append(restoreTable(restores)) }
        if !forks.isEmpty { sections.append(ForksReport.table(forks)) }
        if !failures.isEmpty { sections.append(failures.joined(separator: "\n")) }
        return sections.joined(separator: "\n\n")
    }

    static func loadTable(_ reports: [LoadReport]) -> String {
        let header = [
            "scenario", "conns", "rate", "intents", "intents/s", "expected", "lost", "p50 µs", "p90 µs", "p99 µs",
            "max µs", "p99 1st/2nd half", "deliveries/s", "upd B avg/max", "srv µs/deliv", "srv CPU", "gen CPU", "other s/g",
            "srv RSS MB b/d/a",
            "db B/change",
        ]
        let rows = reports.map { report -> [String] in
            let latency = report.latencyMicroseconds
            return [
                report.scenario + (report.generatorSaturated ? " (!)" : ""),
                String(report.sessions * report.clientsPerSession), report.pacing, String(report.intentsSent),
                decimal(report.intentsPerSecond, places: 0), String(report.deliveriesExpected), String(report.lost),
                optional(latency?.p50), optional(latency?.p90), optional(latency?.p99), optional(latency?.max),
                "\(optional(report.p99FirstHalfMicroseconds))/\(optional(report.p99SecondHalfMicroseconds))",
                decimal(report.deliveriesPerSecond, places: 0),
                "\(report.updateBytesMean.map { decimal($0, places: 0) } ?? "-")/\(optional(report.updateBytesMax))",
                report.serverCPUMicrosecondsPerDelivery.map { decimal($0, places: 1) } ?? "-",
                percent(report.serverCPUPercent), percent(report.generatorCPUPercent),
                "\(percent(report.serverCoreOtherLoadPercent))/\(percent(report.generatorCoreOtherLoadPercent))",
                [report.serverRSS.beforeKB, report.serverRSS.duringKB, report.serverRSS.afterKB]
                    .map { $0.map { decimal(Double($0) / 1024, places: 1) } ?? "-" }.joined(separator: "/"),
                report.store.map { decimal($0.bytesPerChange, places: 0) } ?? "-",
            ]
        }
        var lines = grid(header, rows)
        let notes = reports.flatMap { report in report.notes.map { "  \(report.scenario): \($0)" } }
        if !notes.isEmpty {
            lines.append("Notes ((!) = the load generator saturated its core):")
            lines += notes
        }
        if reports.contains(where: { $0.store != nil }) {
            lines.append(
                "db B/change: the database and its -wal after the server stopped, over the changes applied (warm-up included)")
        }
        return lines.joined(separator: "\n")
    }

    /// One line per scenario: the p99 of each second of its window, in microseconds.
    static func perSecondLines(_ reports: [LoadReport]) -> String {
        var lines = ["p99 µs by the second of the window (the window starts s seconds after the first connect):"]
        for report in reports {
            let start = report.windowStartAfterFirstConnectSeconds.map { decimal($0, places: 1) } ?? "?"
            let values = (report.p99PerSecondMicroseconds ?? []).map(optional).joined(separator: " ")
            lines.append("  \(report.scenario) (s = \(start)): \(values)")
        }
        return lines.joined(separator: "\n")
    }

    static func joinTable(_ reports: [JoinReport]) -> String {
        let header = [
            "scenario", "clients", "joined", "seconds", "presence msgs", "presence MB", "msgs/join", "KB/join",
            "srv CPU s", "srv CPU", "gen CPU", "other s/g", "srv RSS MB b/j",
        ]
        let rows = reports.map { report -> [String] in
            [
                report.scenario, String(report.clients), String(report.joined),
                report.seconds.map { decimal($0, places: 3) } ?? "-",
                String(report.presenceMessages), decimal(Double(report.presenceBytes) / 1_048_576, places: 1),
                decimal(report.presenceMessagesPerJoin, places: 1), decimal(report.presenceBytesPerJoin / 1024, places: 1),
                report.serverCPUSeconds.map { decimal($0, places: 2) } ?? "-", percent(report.serverCPUPercent),
                percent(report.generatorCPUPercent),
                "\(percent(report.serverCoreOtherLoadPercent))/\(percent(report.generatorCoreOtherLoadPercent))",
                [report.serverRSSBeforeKB, report.serverRSSJoinedKB]
                    .map { $0.map { decimal(Double($0) / 1024, places: 1) } ?? "-" }.joined(separator: "/"),
            ]
        }
        var lines = grid(header, rows)
        lines += reports.flatMap { report in report.notes.map { "  \(report.scenario): \($0)" } }
        return lines.joined(separator: "\n")
    }

    static func idleTable(_ reports: [IdleMemoryReport]) -> String {
        var rows: [[String]] = []
        for report in reports {
            rows.append([report.scenario, "0", decimal(Double(report.baselineKB) / 1024, places: 1), "-"])
            rows += report.points.map { point in
                [
                    report.scenario, String(point.connections), decimal(Double(point.residentKB) / 1024, places: 1),
                    decimal(point.kbPerConnection, places: 2),
                ]
            }
        }
        var lines = grid(["scenario", "idle connections", "server RSS MB", "KB per connection"], rows)
        lines += reports.flatMap { report in report.notes.map { "  \(report.scenario): \($0)" } }
        return lines.joined(separator: "\n")
    }

    static func coreTable(_ reports: [CoreReport]) -> String {
        grid(
            ["scenario", "focus intents applied", "seconds", "intents/s", "ns per intent"],
            reports.map { report in
                [
                    report.scenario, String(report.intents), decimal(report.seconds, places: 3),
                    decimal(report.intentsPerSecond, places: 0), decimal(report.nanosecondsPerIntent, places: 0),
                ]
            }
        ).joined(separator: "\n")
    }

    static func restoreTable(_ reports: [RestoreReport]) -> String {
        func minMedianMax(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return [sorted.first, sorted.isEmpty ? nil : sorted[sorted.count / 2], sorted.last]
                .map { $0.map { decimal($0, places: 3) } ?? "-" }.joined(separator: "/")
        }
        let rows = reports.map { report -> [String] in
            [
                report.scenario, String(report.sessions), String(report.sessions * report.changesPerSession),
                report.changesAfterLastSnapshot.map { String(report.sessions * $0) } ?? "?",
                decimal(Double(report.databaseBytes) / 1_048_576, places: 1), decimal(report.bytesPerChange, places: 0),
                report.prepareSeconds.map { decimal($0, places: 1) } ?? "-", minMedianMax(report.restoreSeconds),
                minMedianMax(report.restoreCPUSeconds),
                report.serverRSSKB.map { decimal(Double($0) / 1024, places: 1) } ?? "-",
            ]
        }
        var lines = grid(
            [
                "scenario", "sessions", "changes", "replayed", "db MB", "db B/change", "prepare s", "restore s min/med/max",
                "srv CPU s min/med/max", "srv RSS MB",
            ], rows)
        lines.append(
            "  restore s: from starting focus-sync to /healthz answering with every session (target \(decimal(RestoreReport.targetSeconds, places: 0)) s);"
        )
        lines.append("  srv CPU s: the server's CPU time by then, all threads")
        lines += reports.flatMap { report in report.notes.map { "  \(report.scenario): \($0)" } }
        return lines.joined(separator: "\n")
    }

    /// Columns padded to their widest cell; the first column left-aligned, the rest right-aligned.
    static func grid(_ header: [String], _ rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return [line(header), rule] + rows.map(line)
    }

    static func decimal(_ value: Double, places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    static func percent(_ value: Double?) -> String {
        value.map { decimal($0, places: 0) + "%" } ?? "-"
    }

    private static func optional(_ value: Int?) -> String {
        value.map(String.init) ?? "-"
    }
}
