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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data?
        switch self {
        case .load(let report): data = try? encoder.encode(report)
        case .join(let report): data = try? encoder.encode(report)
        case .idleMemory(let report): data = try? encoder.encode(report)
        case .core(let report): data = try? encoder.encode(report)
        case .restore(let report): data = try? encoder.encode(report)
        case .forks(let report): data = try? encoder.encode(report)
        case .failed(let scenario, let reason): data = try? encoder.encode(Failure(scenario: scenario, reason: reason))
        }
        return data.map { String(decoding: $0, as: UTF8.self) } ?? #"{"kind":"failed","reason":"could not encode the report"}"#
    }
}
