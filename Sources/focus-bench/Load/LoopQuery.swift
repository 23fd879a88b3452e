import Dispatch
import Locking

extension ClientLoop {
    /// Runs `body` on the loop's thread and returns its answer, or nil if the loop did not get
    /// to it within `timeout` seconds. Call from another thread.
    func query<Answer: Sendable>(timeout: Double = 10, _ body: @escaping @Sendable () -> Answer) -> Answer? {
        let answer = AnswerBox<Answer>()
        let done = DispatchSemaphore(value: 0)
        execute {
            let value = body()
            answer.value.withLock { $0 = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return answer.value.withLock { $0 }
    }

    /// Asks `condition` on the loop's thread every 50 ms until it holds or `timeout` seconds
    /// pass. Returns whether it held.
    func wait(timeout: Double, until condition: @escaping @Sendable () -> Bool) -> Bool {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        repeat {
            if query(condition) == true { return true }
            MonotonicClock.sleep(seconds: 0.05)
        } while MonotonicClock.nanoseconds() < deadline
        return false
    }
}

/// Carries an answer from the loop's thread back to the waiting thread.
private final class AnswerBox<Answer: Sendable>: Sendable {
    let value = Locked<Answer?>(nil)
}
