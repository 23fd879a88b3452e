/// Why a scenario could not be run; its report says so instead of showing numbers.
enum BenchError: Error, Sendable, CustomStringConvertible {
    /// Starting the server, creating sessions or connecting failed.
    case setup(String)

    var description: String {
        switch self {
        case .setup(let reason): reason
        }
    }
}
