import Foundation

/// The outcome of one scenario.
enum ScenarioReport: Sendable {
    case load(LoadReport)
    case join(JoinReport)
    case idleMemory(IdleMemoryReport)
    case core(CoreReport)
    case restore(RestoreReport)
    case forks(ForksReport)
    case failed(scenario: String, reason: String)

    private struct Failure: Encodable {
        var scenario: String
        var kind = "failed"
        var reason: String
    }

    /// The report as one line of JSON.
    var jsonLine: String {
        switch self {
        case .load(let report): Self.jsonLine(of: report)
        case .join(let report): Self.jsonLine(of: report)
        case .idleMemory(let report): Self.jsonLine(of: report)
        case .core(let report): Self.jsonLine(of: report)
        case .restore(let report): Self.jsonLine(of: report)
        case .forks(let report): Self.jsonLine(of: report)
        case .failed(let scenario, let reason): Self.jsonLine(of: Failure(scenario: scenario, reason: reason))
        }
    }

    /// Any report as one line of JSON, keys sorted (also `--audience`'s, which is no scenario).
    static func jsonLine(of report: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) }
            ?? #"{"kind":"failed","reason":"could not encode the report"}"#
    }
}
