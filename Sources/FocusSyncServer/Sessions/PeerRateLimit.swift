/// A token bucket per peer address, for requests that cost the server something to serve
/// (creating sessions). Forgets every peer when it has tracked too many, so it stays small.
struct PeerRateLimit {
    let rate: Double
    let burst: Double
    private var buckets: [String: TokenBucket] = [:]
    private static let maximumPeers = 10_000

    init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
    }

    /// Throws `rate_limited` when `peer` has used up its allowance.
    mutating func admit(_ peer: String, now: Double) throws(ProtocolError) {
        if buckets[peer] == nil, buckets.count >= PeerRateLimit.maximumPeers { buckets.removeAll() }
        var bucket = buckets[peer] ?? TokenBucket(rate: rate, burst: burst, now: now)
        let allowed = bucket.take(now: now)
        buckets[peer] = bucket
        guard allowed else {
            throw ProtocolError(.rateLimited, "Too many new sessions from this address; wait a moment and try again.")
        }
    }
}
