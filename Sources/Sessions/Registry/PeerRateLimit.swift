import FocusProtocol

/// A token bucket per peer address, for requests that cost the server something to serve
/// (creating sessions). Forgets every peer when it has tracked too many, so it stays small.
struct PeerRateLimit: Sendable {
    let limit: TokenBucket.Limit
    private var buckets: [String: TokenBucket] = [:]
    private static let maximumPeers = 10_000

    init(rate: Double, burst: Double) {
        limit = TokenBucket.Limit(rate: rate, burst: burst)
    }

    /// Takes one request from `peer` at `seconds` (monotonic); false when it has used up its allowance.
    mutating func admit(_ peer: String, at seconds: Double) -> Bool {
        if buckets[peer] == nil, buckets.count >= PeerRateLimit.maximumPeers { buckets.removeAll() }
        var bucket = buckets[peer] ?? TokenBucket(full: limit, now: seconds)
        let allowed = bucket.take(now: seconds, limit: limit)
        buckets[peer] = bucket
        return allowed
    }
}
