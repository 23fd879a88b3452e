import Testing
@testable import FocusSyncServer

@Suite("Session ids, rate limits and identities")
struct SessionPartsTests {
    @Test func sessionIDsAre22URLSafeCharactersAndDistinct() {
        let ids = (0..<500).map { _ in SessionID.random().rawValue }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.count == 22)
            #expect(SessionID(id) != nil)
        }
    }

    @Test func base64URLMatchesKnownVectors() {
        #expect(SessionID.base64URL(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(SessionID.base64URL(Array("fo".utf8)) == "Zm8")
        #expect(SessionID.base64URL([0xfb, 0xff]) == "-_8")
    }

    @Test(arguments: ["", "short", "has/slash-aaaaaaaaaaaaaaaaaa", "has space aaaaaaaaaaaaaaaaaa", String(repeating: "a", count: 65)])
    func malformedSessionIDsAreRejected(text: String) {
        #expect(SessionID(text) == nil)
    }

    @Test func logsSeeOnlyAPrefix() {
        let id = SessionID.random()
        #expect(id.redacted.count == 5)
        #expect(!"\(id)".contains(id.rawValue))
    }

    @Test func tokenBucketAllowsABurstThenTheRate() {
        var bucket = TokenBucket(rate: 100, burst: 200, now: 0)
        let burst = (0..<300).filter { _ in bucket.take(now: 0) }.count
        #expect(burst == 200)
        #expect(bucket.take(now: 0.005) == false)
        #expect(bucket.take(now: 0.011) == true)
        let afterASecond = (0..<300).filter { _ in bucket.take(now: 1.011) }.count
        #expect(afterASecond == 100)
    }

    @Test func identitiesGetFriendlyNamesAndDistinctColours() {
        let first = ClientIdentity.assigned(clientId: "a", requestedName: nil, ordinal: 0)
        let second = ClientIdentity.assigned(clientId: "b", requestedName: "  Grace Hopper  ", ordinal: 1)
        #expect(first.name == "Ada")
        #expect(second.name == "Grace Hopper")
        #expect(first.color != second.color)
        #expect(ClientIdentity.assigned(clientId: "c", requestedName: String(repeating: "x", count: 99), ordinal: 2).name.count == 40)
        #expect(ClientIdentity.isValidClientID("tab-3f9c2e"))
        #expect(!ClientIdentity.isValidClientID("tab 3f"))
        #expect(!ClientIdentity.isValidClientID(""))
    }
}
