import Locking

/// Reports made on other threads, waiting to cross to the service thread in one hop for as many
/// as arrive before it runs (each hop wakes the service thread). A report may fold into the one
/// before it, when it says everything that one did.
final class HopQueue<Report: Sendable>: Sendable {
    private let queued = Locked<[Report]>([])

    /// Queues `report`, or puts it in place of the last one when `folds(last, report)`. Returns
    /// true when the queue was empty: the caller is to hop, and nobody else is.
    func push(_ report: Report, folding folds: (Report, Report) -> Bool) -> Bool {
        queued.withLock { queued in
            defer {
                if let last = queued.last, folds(last, report) {
                    queued[queued.count - 1] = report
                } else {
                    queued.append(report)
                }
            }
            return queued.isEmpty
        }
    }

    /// Every report waiting, in order; the queue is empty after.
    func takeAll() -> [Report] {
        queued.withLock { queued in
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
    }
}
