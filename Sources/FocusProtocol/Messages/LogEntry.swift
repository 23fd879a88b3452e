import FocusCore

/// One line of a session's event log: an event, the revision it belongs to, when, and who caused
/// it (a member id, or nil for the server's own changes; the member's name and colour are in
/// the snapshot's member list, once).
public struct LogEntry: Equatable, Sendable, Codable {
    public var revision: Int
    /// Milliseconds since 1970.
    public var at: Int64
    public var by: MemberID?
    public var seq: Int?
    public var event: FocusEvent
    /// The line of the session's own source whose statement caused the event, if one did.
    public var line: Int?

    public init(revision: Int, at: Int64, by: MemberID?, seq: Int?, event: FocusEvent, line: Int? = nil) {
        self.revision = revision
        self.at = at
        self.by = by
        self.seq = seq
        self.event = event
        self.line = line
    }

    private enum CodingKeys: String, CodingKey { case revision, at, by, seq, event, line }

    public init(from decoder: any Decoder) throws {
        if let tree = decoder as? JSONValueDecoding {
            try self.init(tree)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            revision: try container.decode(Int.self, forKey: .revision), at: try container.decode(Int64.self, forKey: .at),
            by: try container.decodeIfPresent(MemberID.self, forKey: .by),
            seq: try container.decodeIfPresent(Int.self, forKey: .seq),
            event: try container.decode(FocusEvent.self, forKey: .event),
            line: try container.decodeIfPresent(Int.self, forKey: .line))
    }

    public func encode(to encoder: any Encoder) throws {
        // The server's own encoder writes the entry directly (see `JSONOutput.write(entry:)`).
        if let streaming = encoder as? StreamingValueEncoder {
            try streaming.write(entry: self)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(at, forKey: .at)
        try container.encode(by, forKey: .by)
        try container.encodeIfPresent(seq, forKey: .seq)
        try container.encode(event, forKey: .event)
        try container.encodeIfPresent(line, forKey: .line)
    }
}

extension JSONOutput {
    /// Writes `entry` where the next value goes, as its `encode(to:)` does, member by member
    /// without an encoder: a stored snapshot and a joining tab's snapshot each carry a session's
    /// recent log, and the generic path's containers were most of a snapshot's encoding.
    /// `LogEntryEncodingTests` holds the two to the same JSON.
    func write(entry: LogEntry) throws {
        write(raw: #"{"revision":"#)
        write(entry.revision)
        write(raw: #","at":"#)
        write(entry.at)
        write(raw: #","by":"#)
        if let by = entry.by { write(by.rawValue) } else { writeNull() }
        if let seq = entry.seq {
            write(raw: #","seq":"#)
            write(seq)
        }
        write(raw: #","event":"#)
        try write(event: entry.event)
        if let line = entry.line {
            write(raw: #","line":"#)
            write(line)
        }
        write(raw: "}")
    }
}
