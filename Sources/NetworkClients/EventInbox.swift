import Dispatch
import Locking
import WebSocketTransport

/// Events from a client connection's service thread, waited for one at a time by async code.
///
/// `Sendable`: all state is behind a lock.
final class EventInbox<Event: Sendable>: Sendable {
    private struct State {
        var events: [Event] = []
        var waiter: (id: UInt64, continuation: CheckedContinuation<Event?, Never>)?
        var lastWaiterID: UInt64 = 0
    }

    private let state = Locked(State())

    /// Hands `event` to the waiting task, or keeps it for the next one. Any thread.
    func push(_ event: Event) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.events.append(event)
                return nil as CheckedContinuation<Event?, Never>?
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: event)
    }

    /// The next event, or nil when none arrived within `timeout`. One waiter at a time.
    func next(timeout: Duration) async -> Event? {
        await withCheckedContinuation { continuation in
            let waiterID: UInt64? = state.withLock { state in
                precondition(state.waiter == nil, "EventInbox supports one waiter at a time")
                guard state.events.isEmpty else { return nil }
                state.lastWaiterID += 1
                state.waiter = (state.lastWaiterID, continuation)
                return state.lastWaiterID
            }
            guard let waiterID else {
                let event = state.withLock { $0.events.removeFirst() }
                continuation.resume(returning: event)
                return
            }
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
                expire(waiterID)
            }
        }
    }

    private func expire(_ waiterID: UInt64) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter, waiter.id == waiterID else { return nil as CheckedContinuation<Event?, Never>? }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: nil)
    }
}
