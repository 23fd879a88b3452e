/// The time an input arrives, read by the host: a monotonic clock for deadlines and intervals,
/// and the wall clock for the times people see. The machine has no clock of its own.
public struct MachineTime: Sendable, Equatable {
    /// Milliseconds on a clock that never goes back (time since boot).
    public var monotonicMilliseconds: Int64
    /// Milliseconds since 1970.
    public var wallMilliseconds: Int64

    public init(monotonicMilliseconds: Int64, wallMilliseconds: Int64) {
        self.monotonicMilliseconds = monotonicMilliseconds
        self.wallMilliseconds = wallMilliseconds
    }
}
