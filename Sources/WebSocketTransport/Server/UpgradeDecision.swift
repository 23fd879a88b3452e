/// What the server handler decides about a WebSocket upgrade request.
public enum UpgradeDecision: Sendable, Equatable {
    case accept
    /// Refuse the upgrade with this HTTP status (for example 403 for a foreign `Origin`).
    case reject(status: Int)
}
