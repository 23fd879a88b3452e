import FocusCore

/// The timings and bounds of every session on a server.
public struct SessionConfiguration: Sendable, Equatable {
    /// A connection that has not said `hello` this long after opening is closed with 1008.
    public var helloDeadlineMilliseconds = 10_000
    /// Presence goes out at most once per this many milliseconds; changes in between are folded.
    public var presenceIntervalMilliseconds = 100
    /// How many tabs a session remembers (name, colour, last `seq`) before it forgets the
    /// ones not connected.
    public var rememberedClients = 1_000
    /// Log entries a snapshot carries.
    public var logCapacity = 200
    /// Editors presence names one by one; the rest, and every viewer, are counted.
    public var namedMembers = 64
    /// Changes the timeline keeps at least, to show the session as it was (`history`).
    public var timelineChanges = 1_000
    /// Changes between the timeline's checkpoints: a `history` answer applies at most this many again.
    public var timelineInterval = 100
    /// The lessons a session can follow.
    public var lessons = LessonCatalogue.seeds

    public init() {}
}
