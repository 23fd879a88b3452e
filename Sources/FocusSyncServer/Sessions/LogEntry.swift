import FocusCore

/// One line of a session's event log: an event, the revision it belongs to, and who caused it.
struct LogEntry: Encodable, Sendable {
    var revision: Int
    /// Milliseconds since 1970.
    var at: Int64
    /// The client, or nil for the server's own changes (written as `null`).
    var by: ClientIdentity?
    var seq: Int?
    var event: FocusEvent

    enum Keys: String, CodingKey { case revision, at, by, byName, color, seq, event }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(at, forKey: .at)
        try container.encode(by?.clientId, forKey: .by)
        try container.encode(by?.name, forKey: .byName)
        try container.encode(by?.color, forKey: .color)
        try container.encodeIfPresent(seq, forKey: .seq)
        try container.encode(event, forKey: .event)
    }
}

/// The last `capacity` log entries, oldest first.
struct EventLog: Sendable {
    let capacity: Int
    private(set) var entries: [LogEntry] = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func append(contentsOf new: some Sequence<LogEntry>) {
        entries.append(contentsOf: new)
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }
}
