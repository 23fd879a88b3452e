/// Wraps the host's random generator and remembers every number drawn, so a change can be
/// applied again later and draw the same row ids.
struct RecordingGenerator<Base: RandomNumberGenerator>: RandomNumberGenerator {
    var base: Base
    private(set) var draws: [UInt64] = []

    init(_ base: Base) {
        self.base = base
    }

    mutating func next() -> UInt64 {
        let value = base.next()
        draws.append(value)
        return value
    }
}

/// Hands out the numbers a change drew when it was first applied; past them it is a defect of
/// the log, and replay stops there (see ``SessionMachine/replay(_:)``).
struct ReplayingGenerator: RandomNumberGenerator {
    private var draws: ArraySlice<UInt64>
    private(set) var ranOut = false

    init(_ draws: [UInt64]) {
        self.draws = draws[...]
    }

    mutating func next() -> UInt64 {
        guard let value = draws.popFirst() else {
            ranOut = true
            return 0
        }
        return value
    }
}
