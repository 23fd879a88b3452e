/// Holds what clients would see until the changes before it are stored: an update, ack or
/// snapshot submitted after a change goes out only once that change has committed, so after a
/// crash at any moment every update any client received is in the store.
///
/// Work runs in the order it was handed in. Service thread only.
final class CommitBarrier {
    /// The last ticket submitted to the store, and the last one it reported committed.
    private var submitted: UInt64 = 0
    private var committed: UInt64 = 0
    private var held: [(ticket: UInt64, work: () -> Void)] = []
    private var head = 0

    /// Whether work handed in now would have to wait.
    var isHolding: Bool { committed < submitted }

    /// Notes a ticket the store returned: work handed in from now waits for it.
    func submitted(_ ticket: UInt64) {
        submitted = max(submitted, ticket)
    }

    /// Runs `work` now if nothing submitted is waiting to commit, otherwise once it has.
    func run(_ work: @escaping () -> Void) {
        guard isHolding else {
            work()
            return
        }
        held.append((submitted, work))
    }

    /// Runs everything waiting now, as if the store had committed all it was given (it cannot
    /// commit for a while, and clients are not to wait for it).
    func releaseAll() {
        committed(through: submitted)
    }

    /// The store committed everything up to `ticket` (or gave up on it): release what waited for it.
    func committed(through ticket: UInt64) {
        committed = max(committed, ticket)
        while head < held.count, held[head].ticket <= committed {
            let work = held[head].work
            head += 1
            work()
        }
        if head == held.count {
            held.removeAll(keepingCapacity: true)
            head = 0
        }
    }
}
