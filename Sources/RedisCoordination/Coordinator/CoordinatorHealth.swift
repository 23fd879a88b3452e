/// Whether the coordinator can reach Redis, for `/healthz`.
public enum CoordinatorHealth: Sendable, Equatable, CustomStringConvertible {
    /// Connected, with the scripts loaded.
    case ok
    /// Redis is unreachable or not answering (not connected yet, at first); writes wait in
    /// the coordinator's buffer and requests that need an answer fail.
    case degraded(reason: String)

    /// `ok` or `degraded`.
    public var status: String {
        switch self {
        case .ok: "ok"
        case .degraded: "degraded"
        }
    }

    public var description: String {
        switch self {
        case .ok: "ok"
        case .degraded(let reason): "degraded: \(reason)"
        }
    }
}
