import Glibc

/// The one clock every latency is measured with: `CLOCK_MONOTONIC`, in nanoseconds.
///
/// Sender and receivers live in the same process, so their readings are directly comparable.
enum MonotonicClock {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Sleeps until the clock reads `deadline` (returns at once if it already passed).
    static func sleep(until deadline: UInt64) {
        let now = nanoseconds()
        guard deadline > now else { return }
        let remaining = deadline - now
        var request = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) != 0 && errno == EINTR {
            request = left
        }
    }

    static func sleep(seconds: Double) {
        sleep(until: nanoseconds() + UInt64(max(0, seconds) * 1e9))
    }
}
