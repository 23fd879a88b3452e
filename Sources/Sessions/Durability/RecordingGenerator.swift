/// Where a change draws its random numbers (fresh row ids) from, and what it drew: live, from
/// the host's generator (``RecordingGenerator``); replayed, from the record (``ReplayingGenerator``).
protocol ChangeDraws: RandomNumberGenerator {
    /// The numbers the change drew, in order, as its record keeps them.
    var drawn: [UInt64] { get }
}

/// Wraps the host's random generator and remembers every number drawn, so a change can be
/// applied again later and draw the same row ids.
struct RecordingGenerator<Base: RandomNumberGenerator>: ChangeDraws {
    var base: Base
    private(set) var drawn: [UInt64] = []

    init(_ base: Base) {
        self.base = base
    }

    mutating func next() -> UInt64 {
        let value = base.next()
        drawn.append(value)
        return value
    }
}

/// Hands out the numbers a change drew when it was first applied; past them it is a defect of
/// the log, and replay stops there (see ``SessionMachine/replay(_:)``).
struct ReplayingGenerator: ChangeDraws {
    let drawn: [UInt64]
    private var remaining: ArraySlice<UInt64>
    private(set) var ranOut = false

    init(_ draws: [UInt64]) {
        drawn = draws
        remaining = draws[...]
    }

    mutating func next() -> UInt64 {
        guard let value = remaining.popFirst() else {
            ranOut = true
            return 0
        }
        return value
    }
}
