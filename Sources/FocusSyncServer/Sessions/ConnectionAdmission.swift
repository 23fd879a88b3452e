/// Where an open WebSocket stands with its session, as the ``Application`` keeps it for each
/// connection (by its transport id) from open to close. Service thread only.
enum ConnectionAdmission {
    /// With Redis: its session is still being taken; what it sends waits with it.
    case waiting(WaitingConnection)
    /// A member of its session.
    case admitted(ConnectionContext)
}
