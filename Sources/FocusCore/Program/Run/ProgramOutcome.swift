/// What applying an intent did: its events in order, and the timers the host must start.
public struct ProgramOutcome: Equatable, Sendable, Codable {
    public var events: [ProgramEvent]
    public var timers: [ScheduledTimer]

    public init(events: [ProgramEvent] = [], timers: [ScheduledTimer] = []) {
        self.events = events
        self.timers = timers
    }
}

public struct ScheduledTimer: Equatable, Sendable, Codable {
    public var token: TimerToken
    public var milliseconds: Int

    public init(token: TimerToken, milliseconds: Int) {
        self.token = token
        self.milliseconds = milliseconds
    }
}
