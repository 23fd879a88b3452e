import Dispatch
import Foundation

/// This node's link to Redis: session leases, the fenced change log, snapshots, metadata and
/// members, on a thread of its own.
///
/// Call it from any thread. Writes are queued at once and return a ``WriteTicket``; their
/// fate comes later through ``RedisCoordinatorEvents/onCommit``, in ticket order, after a
/// round trip that may carry hundreds of them. Other requests answer through the closure
/// passed in. Every callback runs on the coordinator's thread.
///
/// While Redis is unreachable, ``health`` is `degraded`, writes wait (up to
/// ``RedisCoordinatorConfiguration/pendingWriteLimit``) and are sent in order when Redis is
/// back, other requests fail with ``RedisCoordinationError/unavailable(url:reason:)``, and a
/// lease that cannot be renewed before its deadline is reported through
/// ``RedisCoordinatorEvents/onLeaseLost``: stop accepting changes for that session then.
///
/// Methods throw only when the request cannot even be queued: after ``shutdown()``, with the
/// pending-write bound reached, or for a lease too short to keep.
public final class RedisCoordinator: Sendable {
    public let configuration: RedisCoordinatorConfiguration
    private let inbox: RequestInbox
    private let status: CoordinatorStatus
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the coordinator's thread, which connects at once (``health`` is `degraded`
    /// until it has).
    public init(configuration: RedisCoordinatorConfiguration, events: RedisCoordinatorEvents) {
        self.configuration = configuration
        inbox = RequestInbox(writeLimit: configuration.pendingWriteLimit, url: configuration.url)
        status = CoordinatorStatus()
        // A restarted process with the same node id is another claimant: its lease values differ.
        let instance = String(UInt64.random(in: .min ... .max), radix: 36)
        let loop = CoordinatorLoop(
            configuration: configuration, events: events, inbox: inbox, status: status,
            claimant: "\(configuration.nodeID)/\(instance)")
        let thread = Thread { [finished] in
            loop.run()
            finished.signal()
        }
        thread.name = "redis-coordinator"
        thread.start()
    }

    /// Closes the inbox if nobody called ``shutdown()``; the thread then finishes by itself
    /// without anyone waiting (this may run on the coordinator's own thread, from a callback).
    deinit {
        inbox.close()
    }

    public var nodeID: String { configuration.nodeID }

    /// Whether Redis is reachable now.
    public var health: CoordinatorHealth { status.health }

    /// Writes not yet stored or refused: queued, in flight, or waiting for Redis.
    public var pendingWriteCount: Int { inbox.unsettledWriteCount }

    /// Blocks the calling thread until Redis is reachable or `timeout` passes; true if it is.
    public func waitForConnection(timeout: Duration) -> Bool {
        status.waitUntilOK(timeout: timeout)
    }

    /// Sends what is queued (if Redis is reachable), releases every lease still held, reports
    /// writes it could not send as ``WriteFailure/abandoned``, and ends the thread. Blocks
    /// until then; later calls return at once.
    public func shutdown() {
        inbox.close()
        finished.wait()
        finished.signal()  // let every other caller through too
    }

    // MARK: Leases

    /// Asks for the lease on `sessionID`. When granted, the coordinator renews it every third
    /// of `ttl` until it is released or reported lost. With `mustExist`, a session without
    /// metadata is answered ``LeaseAcquisition/noSuchSession`` and nothing is written. The
    /// node already holding the lease gets it again, with the same epoch. Refused because another
    /// node holds it, this node is noted as wanting it (the holder hands it over at its next
    /// renewal) unless `wanting` is false.
    public func acquireLease(
        for sessionID: String, ttl: Duration, mustExist: Bool = false, wanting: Bool = true,
        _ reply: @escaping @Sendable (Result<LeaseAcquisition, RedisCoordinationError>) -> Void
    ) throws(RedisCoordinationError) {
        let minimum = configuration.leaseSafetyMargin * 3
        guard ttl >= minimum else { throw .leaseTooShort(ttl: ttl, minimum: minimum) }
        try inbox.submit(.acquire(sessionID: sessionID, ttl: ttl, mustExist: mustExist, wanting: wanting, reply: reply))
    }

    /// Renews `lease` now; answers false when it is no longer this node's (also reported
    /// through ``RedisCoordinatorEvents/onLeaseLost`` if it was being kept).
    public func renewLease(
        _ lease: Lease, _ reply: @escaping @Sendable (Result<Bool, RedisCoordinationError>) -> Void
    ) throws(RedisCoordinationError) {
        try inbox.submit(.renew(lease, reply: reply))
    }

    /// Gives `lease` back after every write queued before it, and stops renewing it; answers
    /// whether it was still this node's.
    public func releaseLease(
        _ lease: Lease, _ reply: @escaping @Sendable (Result<Bool, RedisCoordinationError>) -> Void = { _ in }
    ) throws(RedisCoordinationError) {
        try inbox.submit(.release(lease, reply: reply))
    }

    /// The node holding the lease on `sessionID`, or nil.
    public func leaseHolder(
        of sessionID: String, _ reply: @escaping @Sendable (Result<String?, RedisCoordinationError>) -> Void
    ) throws(RedisCoordinationError) {
        try inbox.submit(.owner(sessionID: sessionID, reply: reply))
    }

    // MARK: Writes

    /// Each write below wakes the coordinator's thread unless given `waking: false`: a caller
    /// queuing many at once queues them so, then calls this once, and they go out together.
    /// (Any other request wakes the thread too, and the writes before it go first.)
    public func sendQueuedWrites() {
        inbox.wake()
    }

    /// Appends `change` to its session's stream as entry `<revision>-1`. Redis refuses it when
    /// `lease` is no longer the newest acquisition, or when the revision is not above the
    /// last one stored (a repeat of a stored change is accepted).
    public func append(_ change: StreamedChange, under lease: Lease, waking: Bool = true) throws(RedisCoordinationError)
        -> WriteTicket
    {
        try inbox.submitWrite(.change(change), under: lease, waking: waking)
    }

    /// Replaces the session's snapshot (unless a newer one is stored) and drops the stream
    /// entries before its revision.
    public func storeSnapshot(_ snapshot: SnapshotRecord, under lease: Lease, waking: Bool = true) throws(RedisCoordinationError)
        -> WriteTicket
    {
        try inbox.submitWrite(.snapshot(snapshot), under: lease, waking: waking)
    }

    /// Stores (or replaces) one member record.
    public func storeMember(_ member: MemberRecord, under lease: Lease, waking: Bool = true) throws(RedisCoordinationError)
        -> WriteTicket
    {
        try inbox.submitWrite(.member(member), under: lease, waking: waking)
    }

    /// Creates the session's metadata and its viewer capability's index entry. Take the lease
    /// first, with `mustExist: false`.
    public func createSession(_ metadata: SessionMetadata, under lease: Lease, waking: Bool = true) throws(RedisCoordinationError)
        -> WriteTicket
    {
        try inbox.submitWrite(.create(metadata), under: lease, waking: waking)
    }

    /// Deletes every key of the session, its lease and its viewer index entry (expiry).
    public func deleteSession(under lease: Lease, waking: Bool = true) throws(RedisCoordinationError) -> WriteTicket {
        try inbox.submitWrite(.delete, under: lease, waking: waking)
    }

    /// Publishes `payload` once on the session's channel, stored nowhere: what its holder shares
    /// without a change, for its relays (in order with the writes queued before it). Refused as
    /// any write when `lease` is no longer the newest.
    public func shareLive(_ payload: [UInt8], under lease: Lease, waking: Bool = true) throws(RedisCoordinationError)
        -> WriteTicket
    {
        try inbox.submitWrite(.live(payload), under: lease, waking: waking)
    }

    // MARK: Reads

    /// Reads the session for a new owner: metadata, latest snapshot, the changes after it,
    /// members, and the node holding its lease; nil when Redis has no such session. Take the
    /// lease first, so nobody else writes it meanwhile.
    public func loadSession(
        _ sessionID: String, _ reply: @escaping @Sendable (Result<LoadedSession?, RedisCoordinationError>) -> Void
    ) throws(RedisCoordinationError) {
        try inbox.submit(.load(sessionID: sessionID, reply: reply))
    }

    /// The latest payload the session's holder shared (``shareLive(_:under:)``), or nil.
    public func liveShare(
        of sessionID: String, _ reply: @escaping @Sendable (Result<[UInt8]?, RedisCoordinationError>) -> Void
    ) throws(RedisCoordinationError) {
        try inbox.submit(.live(sessionID: sessionID, reply: reply))
    }

    /// Tells the holder of `sessionID` that this node serves `viewers` of its viewers (a relay's
    /// copy; 0 when it serves none any more). The holder hears the sum over every node at its
    /// next renewal (``RedisCoordinatorEvents/onAudience``); a report counts for `lifetime`, so
    /// report again before it ends. Not a write: fails at once while Redis is unreachable.
    public func reportAudience(
        of sessionID: String, viewers: Int, for lifetime: Duration,
        _ reply: @escaping @Sendable (Result<Bool, RedisCoordinationError>) -> Void = { _ in }
    ) throws(RedisCoordinationError) {
        try inbox.submit(.audience(sessionID: sessionID, viewers: viewers, lifetime: lifetime, reply: reply))
    }

    /// The session a viewer capability opens, or nil.
    public func sessionID(
        forViewer capability: String, _ reply: @escaping @Sendable (Result<String?, RedisCoordinationError>) -> Void
    ) throws(RedisCoordinationError) {
        try inbox.submit(.viewer(capability: capability, reply: reply))
    }
}
