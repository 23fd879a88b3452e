import FocusCore
import FocusProtocol

/// The last `capacity` log entries, oldest first.
struct EventLog: Sendable {
    let capacity: Int
    private(set) var entries: [LogEntry] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    mutating func append(contentsOf new: some Collection<LogEntry>) {
        entries.append(contentsOf: new)
        trim()
    }

    /// Logs the events of the change that made `revision`, each made into its entry in place
    /// (no array of entries built first and copied in).
    /// `lines` are the source lines behind the events, in step with them (shorter, or empty, where
    /// no statement caused them).
    mutating func append(_ events: [FocusEvent], lines: [Int?], revision: Int, at: Int64, by member: MemberID?, seq: Int?) {
        for (index, event) in events.enumerated() {
            let line = index < lines.count ? lines[index] : nil
            entries.append(LogEntry(revision: revision, at: at, by: member, seq: seq, event: event, line: line))
        }
        trim()
    }

    private mutating func trim() {
        if entries.count > capacity * 2 {
            entries.removeFirst(entries.count - capacity)
        }
    }

    /// At most `capacity` entries, oldest first.
    var recent: ArraySlice<LogEntry> { entries.suffix(capacity) }
}
