/// A token bucket: `rate` tokens a second up to `burst`; each message takes one.
///
/// Time is passed in (seconds on a monotonic clock), so the bucket is a plain value. The rate and
/// burst (a ``Limit``) are passed in too: they are the same for every bucket of a kind, and a
/// connection keeps several buckets for as long as it is open.
public struct TokenBucket: Sendable {
    /// How fast a bucket fills and how much it holds.
    public struct Limit: Sendable {
        public let rate: Double
        public let burst: Double

        public init(rate: Double, burst: Double) {
            self.rate = rate
            self.burst = burst
        }
    }

    private var tokens: Double
    private var last: Double

    /// A full bucket of `limit`.
    public init(full limit: Limit, now: Double) {
        tokens = limit.burst
        last = now
    }

    /// Takes a token if one is there; `limit` must be the one the bucket was made with.
    public mutating func take(now: Double, limit: Limit) -> Bool {
        tokens = min(limit.burst, tokens + max(0, now - last) * limit.rate)
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
