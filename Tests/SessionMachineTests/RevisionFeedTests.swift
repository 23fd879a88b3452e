import Sessions
import Testing

@Suite("A relay's feed of published changes")
struct RevisionFeedTests {
    /// Changes named by their revision, so a test reads what was handed on.
    typealias Feed = RevisionFeed<Int>

    @Test("What arrives before the copy is built waits; what the build covers is dropped, what follows is handed on")
    func beforeTheBuild() {
        var feed = Feed()
        for revision in [11, 12, 13] {
            let step = feed.receive(revision, revision: revision)
            #expect(step.apply.isEmpty && step.request == nil)
        }
        let started = feed.start(at: 12)
        #expect(started.apply == [13] && started.request == nil)
        #expect(feed.revision == 13)
    }

    @Test("In order, each revision is handed on once, a repeat or an older one never")
    func inOrderOnce() {
        var feed = Feed()
        _ = feed.start(at: 5)
        #expect(feed.receive(6, revision: 6).apply == [6])
        #expect(feed.receive(6, revision: 6).apply.isEmpty)
        #expect(feed.receive(4, revision: 4).apply.isEmpty)
        #expect(feed.receive(7, revision: 7).apply == [7])
    }

    @Test("A gap asks once for the stored changes; the catch-up fills it and what waited follows, in order")
    func gapIsFilledFromTheStore() {
        var feed = Feed()
        _ = feed.start(at: 5)
        let gap = feed.receive(8, revision: 8)
        #expect(gap.apply.isEmpty && gap.request == .catchUp(after: 5))
        #expect(feed.catchingUp)
        let meanwhile = feed.receive(9, revision: 9)
        #expect(meanwhile.apply.isEmpty && meanwhile.request == nil, "one catch-up at a time")
        let filled = feed.caughtUp(base: 0, changes: [(4, 4), (5, 5), (6, 6), (7, 7), (8, 8)])
        #expect(filled.apply == [6, 7, 8, 9] && filled.request == nil)
        #expect(feed.revision == 9 && !feed.catchingUp)
    }

    @Test("Changes after a gap are handed on from where the gap is filled, the ones before it at once")
    func partOfABurstBeforeAGap() {
        var feed = Feed()
        _ = feed.start(at: 1)
        #expect(feed.receive(3, revision: 3).request == .catchUp(after: 1))
        // Stored changes answer; those before the gap go on at once with what was waiting.
        let step = feed.caughtUp(base: 1, changes: [(2, 2)])
        #expect(step.apply == [2, 3])
    }

    @Test("A store whose snapshot is past the copy cannot fill the gap: the copy is built again")
    func snapshotPastTheCopy() {
        var feed = Feed()
        _ = feed.start(at: 5)
        _ = feed.receive(900, revision: 900)
        let step = feed.caughtUp(base: 750, changes: [(751, 751)])
        #expect(step.apply.isEmpty && step.request == .rebuild)
    }

    @Test("A gap the stored changes leave open means the store has none for it: the copy is built again")
    func gapLeftAfterCatchUp() {
        var feed = Feed()
        _ = feed.start(at: 5)
        _ = feed.receive(9, revision: 9)
        let step = feed.caughtUp(base: 0, changes: [(6, 6)])
        #expect(step.apply == [6] && step.request == .rebuild)
    }

    @Test("A subscription made again asks for the stored changes, with nothing received to show a gap")
    func resubscribedCatchesUp() {
        var feed = Feed()
        #expect(feed.resubscribed().request == nil, "before the build there is nothing to catch up")
        _ = feed.start(at: 3)
        #expect(feed.resubscribed().request == .catchUp(after: 3))
        let answered = feed.caughtUp(base: 0, changes: [(4, 4), (5, 5)])
        #expect(answered.apply == [4, 5] && answered.request == nil)
        #expect(!feed.catchingUp)
    }

    @Test("A subscription made again while a read is under way reads once more after it: the read may be older")
    func resubscribedWhileReading() {
        var feed = Feed()
        _ = feed.start(at: 3)
        #expect(feed.receive(6, revision: 6).request == .catchUp(after: 3))
        // Redis went and came back while the read was out; the read found 4 and 5 only, and 7
        // came through the new subscription: 6 was published while it was down.
        #expect(feed.resubscribed().request == nil, "one read at a time")
        #expect(feed.receive(8, revision: 8).request == nil)
        let first = feed.caughtUp(base: 0, changes: [(4, 4), (5, 5)])
        #expect(first.apply == [4, 5, 6] && first.request == .catchUp(after: 6), "a gap after an old read is read again")
        let second = feed.caughtUp(base: 0, changes: [(7, 7), (8, 8)])
        #expect(second.apply == [7, 8] && second.request == nil)
        #expect(feed.revision == 8 && !feed.catchingUp)
    }

    @Test("Resubscribed during a read that leaves no gap: the stored changes are read once more all the same")
    func resubscribedWhileReadingWithoutAGap() {
        var feed = Feed()
        _ = feed.start(at: 3)
        _ = feed.receive(5, revision: 5)
        _ = feed.resubscribed()
        let first = feed.caughtUp(base: 0, changes: [(4, 4), (5, 5)])
        #expect(first.apply == [4, 5] && first.request == .catchUp(after: 5))
        // Published while the subscription was down, after the first read.
        #expect(feed.caughtUp(base: 0, changes: [(6, 6)]).apply == [6])
    }

    @Test("Too much waiting ahead of a gap rebuilds the copy instead of growing without bound")
    func boundedWaiting() {
        var feed = Feed()
        _ = feed.start(at: 0)
        var last: Feed.Step?
        for revision in 2...(Feed.aheadLimit + 2) {
            last = feed.receive(revision, revision: revision)
        }
        #expect(last?.request == .rebuild)
    }
}
