/// A lease the coordinator stopped holding without being asked to: the owner must stop
/// accepting changes for that session (writes already submitted under it still land, or are
/// reported as failed, through `onCommit`).
public struct LostLease: Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Redis says the lease belongs to another claimant now (or to nobody, and someone
        /// acquired it in between). `holder` is that node, if any.
        case takenOver(by: String?)
        /// No renewal was confirmed before the lease's deadline by this process's monotonic
        /// clock (Redis unreachable or too slow): another node may acquire it at any moment.
        case unconfirmed
    }

    public let lease: Lease
    public let reason: Reason

    public var description: String {
        switch reason {
        case .takenOver(let node?): "\(lease) was taken over by \(node)"
        case .takenOver(nil): "\(lease) was acquired by another node meanwhile"
        case .unconfirmed: "\(lease) could not be renewed before its deadline"
        }
    }
}
