/// Row ids for the fuzzed sessions: each `next()` is one more than the last, so ids never repeat
/// within a run and every run of an input draws the same ones.
struct SequentialRowIDs: RandomNumberGenerator {
    private var last: UInt64 = 0

    mutating func next() -> UInt64 {
        last += 1
        return last
    }
}
