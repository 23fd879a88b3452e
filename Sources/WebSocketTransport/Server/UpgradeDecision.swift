/// What the server handler decides about a WebSocket upgrade request.
public enum UpgradeDecision: Sendable, Equatable {
    case accept
    /// Refuse the upgrade with this answer (for example
    /// `response(to: .forbiddenOrigin, for: request)`); the connection is closed after it.
    case reject(HTTPResponse)
}
