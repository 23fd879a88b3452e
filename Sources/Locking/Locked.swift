import Foundation

/// A value guarded by a lock, for the few pieces of state that more than one thread touches.
///
/// The lock is an `NSLock` (a pthread mutex underneath), which ThreadSanitizer sees:
/// `Synchronization.Mutex` locks with bare futex calls that it cannot see, so every value
/// guarded by one looks raced under `make sanitize`. This is the project's one lock type.
///
/// `@unchecked Sendable`: every access to `value` goes through `withLock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock, and returns what it returns.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
