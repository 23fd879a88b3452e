import Foundation

/// The signals that stop the server, SIGINT and SIGTERM, taken synchronously by one thread.
enum ShutdownSignals {
    /// The set of the two signals.
    static func set() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    /// Waits until one of them is pending (they must be blocked in every thread) and returns it.
    static func wait() -> Int32 {
        var signals = set()
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received
    }
}
