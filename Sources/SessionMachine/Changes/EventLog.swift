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
        if entries.count > capacity * 2 {
            entries.removeFirst(entries.count - capacity)
        }
    }

    /// At most `capacity` entries, oldest first.
    var recent: ArraySlice<LogEntry> { entries.suffix(capacity) }
}
