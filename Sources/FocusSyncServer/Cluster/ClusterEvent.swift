import RedisCoordination
import Sessions

/// What Redis tells a process about the sessions it holds, carried from the coordinator's
/// thread to the service thread, where ``SessionOwnership`` acts on it.
enum ClusterEvent: Sendable {
    /// Every write through `ticket` is settled; `failed` were not stored (the session's lease
    /// is someone else's now, or its log moved on without this process).
    case committed(through: UInt64, failed: [FailedWrite])
    /// A write could not even be queued (too many waiting for Redis, or shutting down).
    case refused(SessionID, reason: String)
    /// A lease stopped being this process's: taken over, or not renewed in time.
    case leaseLost(LostLease)
    /// Another process asked for a session this one holds.
    case handoffRequested(Lease, node: String)
    /// How many viewers of a session this process holds other processes serve (read at a
    /// renewal of its lease, when it changed).
    case audience(Lease, viewers: Int)
    /// Redis became reachable or unreachable.
    case health(CoordinatorHealth)
    /// The subscription to a session's published changes is in place (again): what was
    /// published before it must be read from the store (``AudienceRelay``).
    case following(SessionID)
    /// A change the holder of a followed session stored and published.
    case published(StreamedChange)
    /// What the holder of a followed session shared without a change (a ``LiveShare``, encoded).
    case live(SessionID, [UInt8])
    /// A followed session was deleted (it expired).
    case ended(SessionID)
}
