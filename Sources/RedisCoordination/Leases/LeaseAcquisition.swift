/// What came of asking for a session's lease.
public enum LeaseAcquisition: Sendable, Equatable {
    /// This node holds the lease now; the coordinator keeps renewing it until it is released
    /// or reported lost.
    case acquired(Lease)
    /// Another node holds it; it lapses in `expiresIn` unless that node renews it.
    case heldElsewhere(node: String, expiresIn: Duration)
    /// The session has no metadata in Redis (asked with `mustExist`); nothing was written.
    case noSuchSession
}
