import Glibc
import Sessions

/// The server's clocks, read once per input and handed to the session machines.
enum HostClock {
    /// Now, on the monotonic and the wall clock.
    static func now() -> MachineTime {
        MachineTime(monotonicMilliseconds: milliseconds(CLOCK_MONOTONIC), wallMilliseconds: milliseconds(CLOCK_REALTIME))
    }

    /// Monotonic seconds, for rate limits.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func milliseconds(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
