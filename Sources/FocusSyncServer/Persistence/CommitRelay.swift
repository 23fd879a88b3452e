import Locking

/// Carries the store's commit reports (made on its writer thread, or on the service thread when
/// it committed a group itself), and with Redis what the coordinator reports, to the
/// application, which is created after the store.
///
/// Commit reports wait in a queue of their own and cross to the service thread in one hop for
/// as many as arrive before it runs: a busy writer reports many commits, and each hop wakes the
/// service thread. Reports made on the service thread need no hop. Successive successes fold into the last of them (each covers every ticket
/// before it); a failure stays a report of its own, in order.
final class CommitRelay: Sendable {
    private let target = Locked<Application?>(nil)
    private let reports = Locked<[CommitReport]>([])

    func connect(_ application: Application) {
        target.withLock { $0 = application }
    }

    func committed(through ticket: UInt64, failure: String?) {
        // Before the application is connected there is nobody to tell.
        guard let application = target.withLock({ $0 }) else { return }
        let report = CommitReport(through: ticket, failure: failure)
        let hop = reports.withLock { queued in
            defer {
                if failure == nil, let last = queued.last, last.failure == nil {
                    queued[queued.count - 1] = report
                } else {
                    queued.append(report)
                }
            }
            return queued.isEmpty
        }
        guard hop else { return }
        application.storageCommitted { [reports] in
            reports.withLock { queued in
                defer { queued.removeAll(keepingCapacity: true) }
                return queued
            }
        }
    }

    /// What the Redis coordinator reported (on its thread), for the sessions this process holds.
    func cluster(_ event: ClusterEvent) {
        target.withLock { $0 }?.clusterEvent(event)
    }
}

/// The store committed every ticket through `through`, or failed to (`failure` says why).
struct CommitReport: Sendable {
    var through: UInt64
    var failure: String?
}
