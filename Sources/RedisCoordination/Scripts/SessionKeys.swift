/// The Redis keys of one session.
///
/// Every key carries the session's routing key (the first eight characters of its id, shared
/// with its viewer capability) as a hash tag, so one session's keys would also share a slot
/// on a Redis Cluster, as its scripts need. The lease and the epoch are separate keys: the
/// lease lapses on its own, the epoch (the fencing token) outlives it.
struct SessionKeys: Sendable, Equatable {
    /// Characters of a session id (or viewer capability) that HAProxy hashes and the keys tag.
    static let routingKeyLength = 8

    let lease: String
    let epoch: String
    let log: String
    let snapshot: String
    let metadata: String
    let members: String
    /// The node that asked for the lease while another held it (lapses with the lease's ttl).
    let wanted: String
    /// Not a key: the pub/sub channel the append script publishes each stored change on.
    let updates: String
    /// The holder's latest live share (``RedisCoordinator/shareLive(_:under:)``), for a relay
    /// that starts following; not among ``scriptKeys``: only the scripts that touch it get it.
    let live: String
    /// How many of the session's viewers each other node serves (``AudienceScripts/report``),
    /// read by the holder's renewals and deleted with the session; not among ``scriptKeys`` either.
    let audience: String

    init(sessionID: String) {
        let base = Self.base(of: sessionID)
        let keys = Self.scriptKeySuffixes.map { base + $0 }
        (lease, epoch, log, snapshot, metadata, members, wanted) = (keys[0], keys[1], keys[2], keys[3], keys[4], keys[5], keys[6])
        updates = base + ":updates"
        live = base + ":live"
        audience = base + ":audience"
    }

    /// The keys in the order every session script expects them as `KEYS[1]`…`KEYS[7]`.
    var scriptKeys: [String] {
        [lease, epoch, log, snapshot, metadata, members, wanted]
    }

    /// What every key of the session starts with.
    static func base(of sessionID: String) -> String {
        "fs:{\(routingKey(of: sessionID))}:session:\(sessionID)"
    }

    /// What follows ``base(of:)`` in each of ``scriptKeys``, in order.
    static let scriptKeySuffixes = [":lease", ":epoch", ":log", ":snapshot", ":meta", ":members", ":wanted"]

    /// The session's ``scriptKeys`` as encoded command arguments
    /// (``RedisCommand/append(encoded:count:)``).
    static func encodedScriptKeys(of sessionID: String) -> [UInt8] {
        let base = base(of: sessionID)
        var keys = RedisCommand(words: [])
        for suffix in scriptKeySuffixes {
            keys.append(base, suffix)
        }
        return keys.body
    }

    /// The key that maps a viewer capability to its session.
    static func viewer(_ capability: String) -> String {
        "fs:{\(routingKey(of: capability))}:viewer:\(capability)"
    }

    static func routingKey(of identifier: String) -> Substring {
        identifier.prefix(routingKeyLength)
    }
}
