/// A class session with many forks, each driven by a scripted student: how far behind its
/// presenter's roster is, and the server's CPU for each change.
struct ForksReport: Sendable, Encodable {
    var scenario: String
    var kind = "forks"
    var variant: String?
    var forks: Int
    var intentsPerStudentPerSecond: Double
    var windowSeconds: Double
    /// The students' intents sent in the window: each one change of its fork.
    var intentsMeasured: Int
    var changesPerSecond: Double
    /// From a student's intent to the first roster message (`forks`) the presenter received with it.
    var lagMicroseconds: LatencySummary?
    var lagSamples: Int
    var rosterMessagesPerSecond: Double
    var rosterEntriesPerSecond: Double
    var rosterBytesPerSecond: Double
    var serverCPUPercent: Double?
    /// The server's CPU time in the window over the changes: the whole cost of a change (the
    /// student's update, storing it, and its share of the roster).
    var serverCPUMicrosecondsPerChange: Double?
    var generatorCPUPercent: Double?
    var notes: [String]

    /// The table `make bench` prints for these scenarios.
    static func table(_ reports: [ForksReport]) -> String {
        let header = [
            "scenario", "forks", "rate", "changes/s", "lag p50 ms", "p90 ms", "p99 ms", "max ms", "roster msgs/s",
            "entries/s", "roster KB/s", "srv µs/change", "srv CPU", "gen CPU",
        ]
        let rows = reports.map { report -> [String] in
            let lag = report.lagMicroseconds
            func milliseconds(_ value: Int?) -> String { value.map { ReportTable.decimal(Double($0) / 1000, places: 0) } ?? "-" }
            return [
                report.scenario, String(report.forks), "\(ReportTable.decimal(report.intentsPerStudentPerSecond, places: 0))/s",
                ReportTable.decimal(report.changesPerSecond, places: 0), milliseconds(lag?.p50), milliseconds(lag?.p90),
                milliseconds(lag?.p99), milliseconds(lag?.max), ReportTable.decimal(report.rosterMessagesPerSecond, places: 1),
                ReportTable.decimal(report.rosterEntriesPerSecond, places: 0),
                ReportTable.decimal(report.rosterBytesPerSecond / 1024, places: 1),
                report.serverCPUMicrosecondsPerChange.map { ReportTable.decimal($0, places: 1) } ?? "-",
                ReportTable.percent(report.serverCPUPercent), ReportTable.percent(report.generatorCPUPercent),
            ]
        }
        var lines = ReportTable.grid(header, rows)
        lines += reports.flatMap { report in report.notes.map { "  \(report.scenario): \($0)" } }
        return lines.joined(separator: "\n")
    }
}
