import Sessions

/// The time the session machines are handed (idle expiry, the wall time of every change): the
/// system's clocks, or, in a test, a clock it moves by hand, so nothing waits for a real day to
/// pass.
public struct SessionClock: Sendable {
    private let read: @Sendable () -> MachineTime

    /// A clock that reads `read`.
    public init(_ read: @escaping @Sendable () -> MachineTime) {
        self.read = read
    }

    /// The system's monotonic and wall clocks.
    public static let system = SessionClock { HostClock.now() }

    /// Now.
    public func now() -> MachineTime {
        read()
    }
}
