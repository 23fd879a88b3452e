import FocusProtocol
import Sessions
import WebSocketTransport

/// Admitting a WebSocket to its session: at once when this process serves the session, after
/// taking it (an editor, with Redis) or after building the relay's copy (a viewer of a session
/// held elsewhere).
extension Application {
    func connectionDidOpen(_ connection: WebSocketConnection) {
        // Read now: the transport drops the query when this returns.
        let capability = Application.sessionParameter(in: connection.request.query)
        if let relay, let capability, SessionID(capability)?.isViewerShaped == true, sessions.registry.lookup(capability) == nil {
            // A viewer of a session held elsewhere (or nowhere): served from the relay's copy.
            connection.admission = .waiting(WaitingConnection())
            relay.serve(capability) { [weak self] outcome in
                self?.admit(connection, to: capability, after: outcome, in: relay.host)
            }
            return
        }
        if let ownership, let capability, sessions.registry.lookup(capability) == nil {
            // Its messages wait with it until the session is taken (or found missing).
            connection.admission = .waiting(WaitingConnection())
            ownership.hold(capability) { [weak self] outcome in self?.admit(connection, to: capability, after: outcome) }
            return
        }
        admit(connection, to: capability, in: sessions)
    }

    /// Admits a connection that waited for its session, then handles what it sent meanwhile.
    private func admit(
        _ connection: WebSocketConnection, to capability: String, after outcome: SessionOwnership.Outcome,
        in host: SessionHost? = nil
    ) {
        // A connection that closed meanwhile is no longer waiting.
        guard case .waiting(let waiting) = connection.takeAdmission() else { return }
        switch outcome {
        case .unavailable(let reason):
            return refuse(connection, ProtocolError(.sessionUnavailable, reason))
        case .heldElsewhere:
            // Only the relay asks without wanting it, and admits no connection with the answer.
            return refuse(connection, ProtocolError(.sessionUnavailable, "The session is held elsewhere; reconnect."))
        case .held, .unknown:
            break
        }
        admit(connection, to: capability, in: host ?? sessions)
        for text in waiting.messages {
            self.connection(connection, didReceiveText: text)
        }
    }

    /// `capability` is the `session` parameter of the connection's query.
    private func admit(_ connection: WebSocketConnection, to capability: String?, in host: SessionHost) {
        let found = capability.flatMap(host.registry.lookup)
        logger.info(
            "websocket open",
            ["conn.id": String(connection.id), "peer": connection.request.peer, "session": found?.id.redacted ?? "none"])
        guard let (id, role) = found, let session = host.registry[id] else {
            refuse(connection, Application.unknownSession)
            return
        }
        guard session.connectionCount < limits.maxClientsPerSession else {
            refuse(
                connection,
                ProtocolError(
                    .sessionFull, "This session already has \(limits.maxClientsPerSession) clients, its limit."))
            return
        }
        let context = ConnectionContext(
            session: id, host: host, socket: connection, messagesPerSecond: limits.messagesPerSecond,
            now: HostClock.monotonicSeconds())
        connection.admission = .admitted(context)
        host.opened(context, role: role)
    }
}
