/// Something asked of the coordinator, waiting in its inbox in the order it was asked.
///
/// Writes stay queued while Redis is unreachable and are sent when it is back; every other
/// request needs an answer now and fails with ``RedisCoordinationError/unavailable(url:reason:)``
/// instead. Replies are called on the coordinator's thread.
enum CoordinatorRequest: Sendable {
    typealias Reply<Value> = @Sendable (Result<Value, RedisCoordinationError>) -> Void

    case write(SessionWrite)
    case acquire(sessionID: String, ttl: Duration, mustExist: Bool, wanting: Bool, reply: Reply<LeaseAcquisition>)
    case renew(Lease, reply: Reply<Bool>)
    case release(Lease, reply: Reply<Bool>)
    case load(sessionID: String, reply: Reply<LoadedSession?>)
    /// The next page of a long stream for a load under way: queued again at the front after
    /// each page, so a long load never holds up renewals.
    case continueLoad(LoadedSession, reply: Reply<LoadedSession?>)
    case viewer(capability: String, reply: Reply<String?>)
    case owner(sessionID: String, reply: Reply<String?>)
    case live(sessionID: String, reply: Reply<[UInt8]?>)
    /// How many of the session's viewers this node serves, counted for `lifetime`.
    case audience(sessionID: String, viewers: Int, lifetime: Duration, reply: Reply<Bool>)

    /// The session whose keys the request touches, when it is known before asking Redis.
    var sessionID: String? {
        switch self {
        case .write(let write): write.sessionID
        case .acquire(let sessionID, _, _, _, _), .load(let sessionID, _), .owner(let sessionID, _), .live(let sessionID, _),
            .audience(let sessionID, _, _, _):
            sessionID
        case .continueLoad(let session, _): session.metadata.sessionID
        case .renew(let lease, _), .release(let lease, _): lease.sessionID
        case .viewer: nil
        }
    }

    var write: SessionWrite? {
        if case .write(let write) = self { write } else { nil }
    }

    /// Answers a request that is not a write with `error`.
    func fail(_ error: RedisCoordinationError) {
        switch self {
        case .write: break
        case .acquire(_, _, _, _, let reply): reply(.failure(error))
        case .renew(_, let reply), .release(_, let reply): reply(.failure(error))
        case .load(_, let reply), .continueLoad(_, let reply): reply(.failure(error))
        case .viewer(_, let reply), .owner(_, let reply): reply(.failure(error))
        case .live(_, let reply): reply(.failure(error))
        case .audience(_, _, _, let reply): reply(.failure(error))
        }
    }
}
