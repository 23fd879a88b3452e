import FocusSyncServer
import Locking
import Sessions

/// A session clock that runs with the system's and jumps ahead when a test says so: a test of
/// what happens after a day of idleness moves the clock a day instead of waiting for one.
public final class MovableClock: Sendable {
    private let ahead = Locked<Int64>(0)

    public init() {}

    /// The clock to give a server.
    public var clock: SessionClock {
        SessionClock { [ahead] in
            var now = SessionClock.system.now()
            let milliseconds = ahead.withLock { $0 }
            now.monotonicMilliseconds += milliseconds
            now.wallMilliseconds += milliseconds
            return now
        }
    }

    /// Moves the clock on by `seconds`.
    public func advance(bySeconds seconds: Double) {
        ahead.withLock { $0 += Int64(seconds * 1000) }
    }
}
