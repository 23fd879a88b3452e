import Sessions
import TestSupport
import Testing

@Suite("What a relay reports of its viewers")
struct AudienceReportsTests {
    static func ids() -> (SessionID, SessionID) {
        var generator = SplitMix64(seed: 7)
        return (SessionID.random(using: &generator), SessionID.random(using: &generator))
    }

    static func sorted(_ reports: [(session: SessionID, viewers: Int)]) -> [String] {
        reports.map { "\($0.session.rawValue.prefix(4)) \($0.viewers)" }.sorted()
    }

    @Test("Every tick reports each copy's viewers again, whatever changed; a copy without viewers is not reported")
    func everyTick() {
        let (lecture, quiz) = Self.ids()
        var reports = AudienceReports()
        let first = reports.due([lecture: 3, quiz: 0])
        #expect(Self.sorted(first) == ["\(lecture.rawValue.prefix(4)) 3"])
        let second = reports.due([lecture: 3, quiz: 0])
        #expect(Self.sorted(second) == Self.sorted(first), "sent again: a report lapses")
        #expect(reports.hasReported)
    }

    @Test("A session whose viewers all left, or that is copied no more, is reported 0 once, then nothing")
    func zeroOnce() {
        let (lecture, quiz) = Self.ids()
        var reports = AudienceReports()
        _ = reports.due([lecture: 3, quiz: 2])
        let gone = reports.due([lecture: 0])
        #expect(Self.sorted(gone) == Self.sorted([(lecture, 0), (quiz, 0)]))
        #expect(!reports.hasReported, "the ticks may stop")
        #expect(reports.due([lecture: 0]).isEmpty)
        #expect(reports.due([:]).isEmpty)
    }
}
