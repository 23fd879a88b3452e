import FocusCore
import WebSocketTransport

/// Every live session by id, within the limits, forgetting the ones left idle too long.
/// Service thread only.
final class SessionStore {
    let limits: SessionLimits
    private let engine = FocusEngine()
    private let schedule: Session.Scheduler
    private var sessions: [SessionID: Session] = [:]

    init(limits: SessionLimits, schedule: @escaping Session.Scheduler) {
        self.limits = limits
        self.schedule = schedule
    }

    var count: Int { sessions.count }

    /// The most bytes any joined connection has waiting to be sent.
    var largestQueuedBytes: Int {
        sessions.values.lazy.flatMap(\.members).map(\.connection.queuedBytes).max() ?? 0
    }

    func create(now: Double) throws(ProtocolError) -> Session {
        expireIdle(now: now)
        guard sessions.count < limits.maxSessions else {
            throw ProtocolError(
                .sessionFull, "The server already holds \(limits.maxSessions) sessions, its limit; try again later.")
        }
        let session = Session(id: SessionID.random(), engine: engine, schedule: schedule, now: now)
        sessions[session.id] = session
        return session
    }

    func session(_ text: String) -> Session? {
        SessionID(text).flatMap { sessions[$0] }
    }

    /// A session nobody ever joined is forgotten after at most this long.
    static let unjoinedTTLSeconds = 600.0

    /// Forgets sessions nobody has been connected to for `idleTTLSeconds` (or, if nobody ever
    /// joined, for at most ``unjoinedTTLSeconds``).
    func expireIdle(now: Double) {
        for (id, session) in sessions {
            let ttl = session.everJoined ? limits.idleTTLSeconds : min(limits.idleTTLSeconds, SessionStore.unjoinedTTLSeconds)
            if let idleSince = session.idleSince, now - idleSince >= ttl {
                session.close()
                sessions[id] = nil
            }
        }
    }
}
