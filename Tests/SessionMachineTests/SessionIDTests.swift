import Sessions
import TestSupport
import Testing

@Suite("Session ids and rate limits")
struct SessionIDTests {
    @Test("Ids are 30 URL-safe characters, distinct; a viewer id has 32 and shares only the 8-character route")
    func shape() {
        var random = SplitMix64(seed: 9)
        let ids = (0..<500).map { _ in SessionID.random(using: &random) }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.rawValue.count == 30)
            #expect(SessionID(id.rawValue) == id)
            let viewer = SessionID.random(sharingRouteWith: id, using: &random)
            #expect(viewer.route == id.route)
            #expect(viewer.rawValue.count == SessionID.viewerLength && viewer.isViewerShaped && !id.isViewerShaped)
            #expect(SessionID(viewer.rawValue) == viewer)
            #expect(viewer.rawValue.dropFirst(SessionID.routeLength) != id.rawValue.dropFirst(SessionID.routeLength))
        }
    }

    @Test(arguments: [
        "", "short", "has/slash-aaaaaaaaaaaaaaaaaa", "has space aaaaaaaaaaaaaaaaaa", String(repeating: "a", count: 65),
    ])
    func malformedIdsAreRejected(text: String) {
        #expect(SessionID(text) == nil)
    }

    @Test func logsSeeOnlyAPrefix() {
        var random = SplitMix64(seed: 1)
        let id = SessionID.random(using: &random)
        #expect(id.redacted.count == 5)
        #expect(!"\(id)".contains(id.rawValue))
    }

    @Test func tokenBucketAllowsABurstThenTheRate() {
        let limit = TokenBucket.Limit(rate: 100, burst: 200)
        var bucket = TokenBucket(full: limit, now: 0)
        let burst = (0..<300).filter { _ in bucket.take(now: 0, limit: limit) }.count
        #expect(burst == 200)
        #expect(bucket.take(now: 0.005, limit: limit) == false)
        #expect(bucket.take(now: 0.011, limit: limit) == true)
        let afterASecond = (0..<300).filter { _ in bucket.take(now: 1.011, limit: limit) }.count
        #expect(afterASecond == 100)
    }
}
