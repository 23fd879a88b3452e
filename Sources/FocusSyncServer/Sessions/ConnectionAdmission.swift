import WebSocketTransport

/// Where an open WebSocket stands with its session, as the ``Application`` keeps it for each
/// connection from open to close (in the connection's attachment, see
/// ``WebSocketTransport/WebSocketConnection/admission``). Service thread only.
enum ConnectionAdmission {
    /// With Redis: its session is still being taken; what it sends waits with it.
    case waiting(WaitingConnection)
    /// A member of its session.
    case admitted(ConnectionContext)
}

extension WebSocketConnection {
    /// Where this connection stands with its session; nil once it is refused or closed. Kept in
    /// ``attachment``: one process-wide table of connections fewer (docs/PERFORMANCE.md, idle
    /// memory). An admitted connection's context refers back to it, so the application clears
    /// this when the connection closes.
    var admission: ConnectionAdmission? {
        get {
            switch attachment {
            case let context as ConnectionContext: .admitted(context)
            case let waiting as WaitingConnection: .waiting(waiting)
            default: nil
            }
        }
        set {
            attachment =
                switch newValue {
                case .admitted(let context): context
                case .waiting(let waiting): waiting
                case nil: nil
                }
        }
    }

    /// The admission, cleared.
    func takeAdmission() -> ConnectionAdmission? {
        defer { attachment = nil }
        return admission
    }
}
