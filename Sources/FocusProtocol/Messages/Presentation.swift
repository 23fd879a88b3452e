/// What the presenter steers for every member at once: the layout, the timeline, Follow focus
/// and the speed of the session's timers. Kept with the presenter's member record, so it
/// outlives reconnects and restarts.
public struct PresentationSettings: Codable, Equatable, Sendable {
    /// The Present layout: the phone and the code grown to the window.
    public var present = false
    /// The revision the presenter's timeline shows; `nil`: Live.
    public var revision: Int?
    /// Every member's Follow focus is on and cannot be turned off.
    public var followLock = false
    /// The session's timers run four times slower (``PresentationState/slowMotionFactor``).
    public var slowMotion = false

    public init(present: Bool = false, revision: Int? = nil, followLock: Bool = false, slowMotion: Bool = false) {
        self.present = present
        self.revision = revision
        self.followLock = followLock
        self.slowMotion = slowMotion
    }
}

/// A `presentation` message from the presenter: the settings it changes (an absent field stays
/// as it is; `revision: null` returns the timeline to Live).
public struct PresentationRequest: Equatable, Sendable {
    public var present: Bool?
    /// `.some(nil)`: Live.
    public var revision: Int??
    public var followLock: Bool?
    public var slowMotion: Bool?

    public init(present: Bool? = nil, revision: Int?? = nil, followLock: Bool? = nil, slowMotion: Bool? = nil) {
        self.present = present
        self.revision = revision
        self.followLock = followLock
        self.slowMotion = slowMotion
    }

    /// The settings with this request's fields applied.
    public func applied(to settings: PresentationSettings) -> PresentationSettings {
        var changed = settings
        if let present { changed.present = present }
        if let revision { changed.revision = revision }
        if let followLock { changed.followLock = followLock }
        if let slowMotion { changed.slowMotion = slowMotion }
        return changed
    }
}

/// The session's presentation as every member sees it: a snapshot's `presentation`, and the
/// whole of each `presentation` message.
public struct PresentationState: Encodable, Equatable, Sendable {
    /// How many times slower the session's timers run in slow motion.
    public static let slowMotionFactor = 4

    /// Who presents: the first editor to join, or whoever the presenter handed the role to.
    public var presenter: MemberID?
    public var settings: PresentationSettings
    /// Program timers that wait for the presenter's `ready` (a lesson step's timed effect, in Present).
    public var waiting: Int
    /// When the session's pending program timers go off (milliseconds since 1970, earliest
    /// first), for the countdown slow motion shows; empty unless slow motion is on.
    public var timers: [Int64]

    public init(presenter: MemberID?, settings: PresentationSettings, waiting: Int = 0, timers: [Int64] = []) {
        self.presenter = presenter
        self.settings = settings
        self.waiting = waiting
        self.timers = timers
    }

    private enum Keys: String, CodingKey { case presenter, present, revision, followLock, slowMotion, waiting, timers }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        // Nulls written, not left out: a member reads "nobody" and "Live" from them.
        try container.encode(presenter, forKey: .presenter)
        try container.encode(settings.present, forKey: .present)
        try container.encode(settings.revision, forKey: .revision)
        try container.encode(settings.followLock, forKey: .followLock)
        try container.encode(settings.slowMotion, forKey: .slowMotion)
        try container.encode(waiting, forKey: .waiting)
        try container.encode(timers, forKey: .timers)
    }
}
