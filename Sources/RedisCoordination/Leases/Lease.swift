/// The right to write one session, held by one node until it is released or lapses.
///
/// Every write carries the lease it was made under; Redis refuses it once another claimant
/// has acquired the session since (the epoch is the fencing token).
public struct Lease: Sendable, Hashable, CustomStringConvertible {
    public let sessionID: String
    /// The node id of the holder.
    public let node: String
    /// The session's acquisition counter when this lease was granted; larger is newer.
    public let epoch: Int64
    /// How long the lease lasts in Redis after each renewal.
    public let ttl: Duration
    /// The value stored in Redis: `node/instance/epoch`.
    let holder: String

    init(sessionID: String, claimant: String, epoch: Int64, ttl: Duration) {
        self.sessionID = sessionID
        node = String(claimant.prefix { $0 != "/" })
        self.epoch = epoch
        self.ttl = ttl
        holder = "\(claimant)/\(epoch)"
    }

    public var description: String {
        "lease on \(sessionID) held by \(node) (epoch \(epoch))"
    }

    /// The node id at the front of a lease value, or nil for an empty one.
    static func node(ofHolder holder: String) -> String? {
        holder.isEmpty ? nil : String(holder.prefix { $0 != "/" })
    }
}
