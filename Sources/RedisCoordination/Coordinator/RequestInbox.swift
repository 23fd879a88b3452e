import Foundation

/// The queue between the threads that ask and the coordinator's thread, in asking order.
///
/// It also hands out write tickets and counts the writes not yet settled, which is what the
/// pending-write bound limits: queued, in flight, or waiting for Redis to come back.
///
/// `@unchecked Sendable`: every property is guarded by `condition`.
final class RequestInbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [CoordinatorRequest] = []
    private var unsettledWrites = 0
    private var lastTicket: UInt64 = 0
    /// Counts arrivals, so a waiter can tell new requests from ones it has already seen.
    private var arrivals: UInt64 = 0
    private var closed = false
    private let writeLimit: Int
    private let url: RedisURL

    init(writeLimit: Int, url: RedisURL) {
        self.writeLimit = writeLimit
        self.url = url
    }

    /// Queues a request that is not a write.
    func submit(_ request: CoordinatorRequest) throws(RedisCoordinationError) {
        try locked { () throws(RedisCoordinationError) in
            guard !closed else { throw .shutDown }
            enqueue(request)
        }
    }

    /// Queues a write under the next ticket, unless the bound on unsettled writes is reached.
    /// Without `waking`, the coordinator's thread is not told (``wake()`` tells it, and so does
    /// any later request). A record of another session than the lease's is a programming error.
    func submitWrite(_ kind: SessionWrite.Kind, under lease: Lease, waking: Bool) throws(RedisCoordinationError)
        -> WriteTicket
    {
        precondition(kind.sessionID.map { $0 == lease.sessionID } ?? true, "a record of \(kind.sessionID ?? "") under \(lease)")
        return try locked { () throws(RedisCoordinationError) in
            guard !closed else { throw .shutDown }
            guard unsettledWrites < writeLimit else { throw .pendingWritesFull(limit: writeLimit, url: url) }
            lastTicket += 1
            let ticket = WriteTicket(rawValue: lastTicket)
            unsettledWrites += 1
            let write = CoordinatorRequest.write(SessionWrite(ticket: ticket, lease: lease, kind: kind))
            if waking {
                enqueue(write)
            } else {
                queue.append(write)
            }
            return ticket
        }
    }

    /// Takes up to `limit` requests from the front, without waiting.
    func take(limit: Int) -> [CoordinatorRequest] {
        locked {
            let taken = Array(queue.prefix(limit))
            queue.removeFirst(taken.count)
            return taken
        }
    }

    /// Takes every request that is not a write, leaving the writes in order.
    func takeAllButWrites() -> [CoordinatorRequest] {
        locked {
            let others = queue.filter { $0.write == nil }
            if !others.isEmpty {
                queue.removeAll { $0.write == nil }
            }
            return others
        }
    }

    /// Puts requests back at the front, in their order: writes whose round trip failed, or
    /// the next step of a request under way.
    func putBack(_ requests: [CoordinatorRequest]) {
        locked {
            queue.insert(contentsOf: requests, at: 0)
        }
    }

    /// Takes every write out for good (shutting down with Redis unreachable).
    func abandonWrites() -> [SessionWrite] {
        locked {
            let writes = queue.compactMap(\.write)
            queue.removeAll()
            unsettledWrites -= writes.count
            return writes
        }
    }

    /// `count` writes were stored or refused.
    func settled(_ count: Int) {
        locked { unsettledWrites -= count }
    }

    var unsettledWriteCount: Int {
        locked { unsettledWrites }
    }

    /// Waits until something arrives after `seen` (an earlier return value), the inbox is
    /// closed, or `deadline` passes. Returns the arrivals counted so far.
    func wait(after seen: UInt64, until deadline: ContinuousClock.Instant?) -> UInt64 {
        locked {
            while arrivals == seen && !closed {
                guard let deadline else {
                    condition.wait()
                    continue
                }
                let remaining = ContinuousClock.now.duration(to: deadline)
                if remaining <= .zero { break }
                let (seconds, attoseconds) = remaining.components
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) * 1e-18))
            }
            return arrivals
        }
    }

    /// Wakes the coordinator's thread for what was queued without waking it.
    func wake() {
        locked {
            arrivals &+= 1
            condition.signal()
        }
    }

    /// Refuses new requests from now on and wakes the coordinator's thread.
    func close() {
        locked { closed = true }
        condition.broadcast()
    }

    var isClosed: Bool {
        locked { closed }
    }

    private func enqueue(_ request: CoordinatorRequest) {
        queue.append(request)
        arrivals &+= 1
        condition.signal()
    }

    private func locked<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
