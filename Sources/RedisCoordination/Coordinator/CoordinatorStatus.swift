import Foundation

/// The coordinator's health, written by its thread and read from any.
///
/// `@unchecked Sendable`: `current` is guarded by `condition`.
final class CoordinatorStatus: @unchecked Sendable {
    private let condition = NSCondition()
    private var current = CoordinatorHealth.degraded(reason: "not connected to Redis yet")

    var health: CoordinatorHealth {
        condition.lock()
        defer { condition.unlock() }
        return current
    }

    /// Sets the health; true if it changed.
    func set(_ health: CoordinatorHealth) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard health != current else { return false }
        current = health
        condition.broadcast()
        return true
    }

    /// Waits up to `timeout` for the health to be `ok`; true if it is.
    func waitUntilOK(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) * 1e-18)
        condition.lock()
        defer { condition.unlock() }
        while current != .ok {
            if !condition.wait(until: deadline) { break }
        }
        return current == .ok
    }
}
