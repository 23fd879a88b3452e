import FocusCore

/// Everything the server sends over a WebSocket (docs/PROTOCOL.md), as values. The session
/// machine produces them; the host encodes each once, however many connections it goes to.
public enum ServerMessage: Equatable, Sendable {
    /// The whole session: the answer to `hello` and `resync`, and to a client that fell behind.
    case snapshot(SnapshotMessage)
    /// One applied change, to every member, in revision order.
    case update(UpdateMessage)
    /// An intent that changed nothing, to its sender alone.
    case ack(seq: Int, reason: AckReason)
    /// Who joined, left or took a new name since the last presence.
    case presence(PresenceMessage)
    /// Where the editors' carets moved in the source since the last such message.
    case carets(CaretsMessage)
    /// A refusal; nothing changed.
    case error(ProtocolError)
    /// The answer to `history`: the session as it was at a revision.
    case past(PastMessage)
    /// The answer to `ping`.
    case pong
    /// Step moved (on, off, an action held, the statement shown, finished), to every member: an
    /// RFC 7396 merge patch of the snapshot's `state` that touches `stepping` alone. The revision
    /// does not move; stepping is not a change.
    case stepping(patch: JSONObject)
    /// The presentation changed (its presenter, a setting, the timers waiting or counted
    /// down), to every member: the whole of it. The revision does not move.
    case presentation(PresentationState)
    /// The roster of the session's forks, to its editors alone (the class view).
    case forks(ForksMessage)
    /// The fork an editor shows to the class (its viewer capability), or `nil` when it is shown
    /// no longer, to every member; a snapshot carries it too.
    case shown(fork: String?)
}

/// The `snapshot` message.
public struct SnapshotMessage: Equatable, Sendable {
    public var revision: Int
    /// The receiving member, and what it may do.
    public var you: Member
    public var role: Role
    /// The session state: the screen showing, the lesson, the source and its program.
    public var state: EncodedJSON<SessionSnapshot>
    /// Everyone the session remembers, present or not, so the log can name them.
    public var members: [Member]
    /// The named members connected now (the first editors to arrive; see ``count``).
    public var present: [MemberID]
    /// How many editors and viewers are connected.
    public var count = PresenceCount()
    /// The last log entries, oldest first.
    public var log: [LogEntry]
    /// The earliest revision `history` can show.
    public var earliest = 0
    /// For an editor, the session's read-only capability, to share with those who should only watch.
    public var viewer: String?
    /// The last `seq` the session handled for the receiving tab.
    public var lastSeq = 0
    /// Per field (`screen/key`), the `seq` of the receiving tab's last splice the session
    /// applied: with ``lastSeq`` it tells the tab what became of a splice it had in flight.
    public var lastSplices: [String: Int] = [:]
    /// Every shared caret in the source at ``revision`` (the receiver's own among them).
    public var carets: [MemberCaret] = []
    /// Who presents and what they steer.
    public var presentation = PresentationState(presenter: nil, settings: PresentationSettings())
    /// The fork shown to the class (its viewer capability), if any (see ``ServerMessage/shown(fork:)``).
    public var shown: String?

    public init(
        revision: Int, you: Member, role: Role, state: EncodedJSON<SessionSnapshot>,
        members: [Member],
        present: [MemberID], log: [LogEntry]
    ) {
        self.revision = revision
        self.you = you
        self.role = role
        self.state = state
        self.members = members
        self.present = present
        self.log = log
    }
}

/// The `past` message: the session's state as it was at ``revision``, rebuilt by applying its
/// changes again, for a client stepping back through the timeline.
public struct PastMessage: Equatable, Sendable {
    /// The revision shown: the one asked for, or the nearest the session still keeps.
    public var revision: Int
    /// The earliest and latest revisions `history` can show now.
    public var earliest: Int
    public var latest: Int
    /// The state at ``revision``, as a snapshot carries it.
    public var state: SessionSnapshot
    /// The last log entries up to ``revision``, oldest first.
    public var log: [LogEntry]
    /// Everyone that log names.
    public var members: [Member]

    public init(revision: Int, earliest: Int, latest: Int, state: SessionSnapshot, log: [LogEntry], members: [Member]) {
        self.revision = revision
        self.earliest = earliest
        self.latest = latest
        self.state = state
        self.log = log
        self.members = members
    }
}

/// The `update` message.
public struct UpdateMessage: Equatable, Sendable {
    public var revision: Int
    /// The member whose intent this was; nil for the server's own changes (the auto-focus timer).
    public var by: MemberID?
    public var seq: Int?
    /// Milliseconds since 1970.
    public var at: Int64
    /// What happened, in order.
    public var events: [FocusEvent]
    /// For a session running its own source: the line of the statement behind each event, in
    /// step with `events` (`nil` where no statement did it); empty otherwise.
    public var lines: [Int?]
    /// An RFC 7396 merge patch of the snapshot's `state`: only what changed.
    public var patch: JSONObject

    public init(
        revision: Int, by: MemberID?, seq: Int?, at: Int64, events: [FocusEvent], lines: [Int?] = [], patch: JSONObject
    ) {
        self.revision = revision
        self.by = by
        self.seq = seq
        self.at = at
        self.events = events
        self.lines = lines
        self.patch = patch
    }
}

/// The `presence` message: changes to the named members since the last one, never the whole
/// list, and how many are here.
public struct PresenceMessage: Equatable, Sendable {
    public var joined: [Member]
    public var left: [MemberID]
    public var renamed: [Member]
    public var count: PresenceCount

    public init(joined: [Member] = [], left: [MemberID] = [], renamed: [Member] = [], count: PresenceCount = PresenceCount()) {
        self.joined = joined
        self.left = left
        self.renamed = renamed
        self.count = count
    }

    public var isEmpty: Bool { joined.isEmpty && left.isEmpty && renamed.isEmpty }
}

/// How many are connected: editors (who may change the session) and viewers (who watch).
public struct PresenceCount: Equatable, Sendable, Codable {
    public var editors: Int
    public var viewers: Int

    public init(editors: Int = 0, viewers: Int = 0) {
        self.editors = editors
        self.viewers = viewers
    }
}

/// The WebSocket subprotocol a client must offer: the version of the messages above.
public enum WireProtocol {
    public static let subprotocol = "focus-sync.v3"
}
