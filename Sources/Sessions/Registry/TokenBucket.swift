/// A token bucket: `rate` tokens a second up to `burst`; each message takes one.
///
/// Time is passed in (seconds on a monotonic clock), so the bucket is a plain value.
public struct TokenBucket: Sendable {
    let rate: Double
    let burst: Double
    private var tokens: Double
    private var last: Double

    public init(rate: Double, burst: Double, now: Double) {
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = now
    }

    /// Takes a token if one is there.
    public mutating func take(now: Double) -> Bool {
        tokens = min(burst, tokens + max(0, now - last) * rate)
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
