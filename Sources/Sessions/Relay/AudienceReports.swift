/// What a relay tells the holders of the sessions it copies about the viewers it serves
/// (docs/SCALING.md): at each tick, the count of every copy that has viewers (a report counts for a
/// few ticks, so it is sent again each time), and 0 once for a session that had some and has none
/// now, or is copied no more. A plain value: the relay sends what it returns.
public struct AudienceReports: Sendable {
    /// The viewers last reported of each session that has some.
    private var reported: [SessionID: Int] = [:]

    public init() {}

    /// Whether a session still counts viewers at its holder: the ticks must go on until it is 0.
    public var hasReported: Bool { !reported.isEmpty }

    /// The reports due at a tick, given the viewers here of each session copied now.
    public mutating func due(_ viewers: [SessionID: Int]) -> [(session: SessionID, viewers: Int)] {
        var reports: [(session: SessionID, viewers: Int)] = []
        for (id, count) in viewers where count > 0 {
            reports.append((id, count))
        }
        for id in reported.keys where (viewers[id] ?? 0) == 0 {
            reports.append((id, 0))
        }
        reported = viewers.filter { $0.value > 0 }
        return reports
    }
}
