import FocusProtocol

/// Where one connection of a session stands.
enum ConnectionState: Sendable, Equatable {
    /// Open, not yet said `hello`, with the capability it used.
    case waiting(Role)
    /// Joined as the tab with this secret client id; `behind` while it is not reading fast enough.
    case joined(clientId: String, role: Role, behind: Bool)
}
