import Locking

/// Carries the store's commit reports (made on its writer thread), and with Redis what the
/// coordinator reports, to the application, which is created after the store.
final class CommitRelay: Sendable {
    private let target = Locked<Application?>(nil)

    func connect(_ application: Application) {
        target.withLock { $0 = application }
    }

    func committed(through ticket: UInt64, failure: String?) {
        target.withLock { $0 }?.storageCommitted(through: ticket, failure: failure)
    }

    /// What the Redis coordinator reported (on its thread), for the sessions this process holds.
    func cluster(_ event: ClusterEvent) {
        target.withLock { $0 }?.clusterEvent(event)
    }
}
