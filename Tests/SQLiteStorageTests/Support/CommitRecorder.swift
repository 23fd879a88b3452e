import Foundation
import Locking
import SQLiteStorage

/// Collects what a writer reports to `onCommit`, and on which thread.
final class CommitRecorder: Sendable {
    struct Report: Sendable {
        let through: StorageTicket
        let outcome: Result<Void, StorageError>
        let onMainThread: Bool
        /// The thread the report came on, by identity (its name is not kept under ThreadSanitizer).
        let thread: ObjectIdentifier
    }

    private let reports = Locked<[Report]>([])
    /// Runs before each report is recorded, on the writer thread (to hold the writer up).
    private let beforeReport: (@Sendable (StorageTicket) -> Void)?

    init(beforeReport: (@Sendable (StorageTicket) -> Void)? = nil) {
        self.beforeReport = beforeReport
    }

    var handler: StorageWriter.CommitHandler {
        { [self] through, outcome in
            beforeReport?(through)
            let report = Report(
                through: through, outcome: outcome, onMainThread: Thread.isMainThread, thread: ObjectIdentifier(Thread.current))
            reports.withLock { $0.append(report) }
        }
    }

    var all: [Report] { reports.withLock { $0 } }

    var failures: [(through: StorageTicket, error: StorageError)] {
        all.compactMap { report in
            guard case .failure(let error) = report.outcome else { return nil }
            return (report.through, error)
        }
    }

    /// The outcome reported for `ticket`: the first report whose `through` covers it.
    func outcome(of ticket: StorageTicket) -> Result<Void, StorageError>? {
        all.first { $0.through >= ticket }?.outcome
    }
}
