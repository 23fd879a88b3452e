import Testing

@testable import RedisCoordination

@Suite("Request inbox")
struct RequestInboxTests {
    let lease = Lease(sessionID: "session1", claimant: "node1/abc", epoch: 1, ttl: .seconds(9))

    func change(_ revision: Int64) -> SessionWrite.Kind {
        .change(StreamedChange(sessionID: "session1", revision: revision, at: 0, payload: []))
    }

    @Test func writesQueuedWithoutWakingWaitForTheWake() throws {
        let inbox = RequestInbox(writeLimit: 10, url: RedisURL(host: "127.0.0.1", port: 1))
        let seen = inbox.wait(after: 1, until: .now)
        _ = try inbox.submitWrite(change(1), under: lease, waking: false)
        _ = try inbox.submitWrite(change(2), under: lease, waking: false)
        // The coordinator's thread, waiting, is not told; the writes are in the inbox, in order.
        #expect(inbox.wait(after: seen, until: .now) == seen)
        inbox.wake()
        #expect(inbox.wait(after: seen, until: .now) == seen + 1)
        #expect(inbox.take(limit: 10).compactMap(\.write?.change?.revision) == [1, 2])
        #expect(inbox.unsettledWriteCount == 2)
    }

    @Test func aWakingWriteTellsTheThreadAtOnce() throws {
        let inbox = RequestInbox(writeLimit: 10, url: RedisURL(host: "127.0.0.1", port: 1))
        let seen = inbox.wait(after: 1, until: .now)
        _ = try inbox.submitWrite(change(1), under: lease, waking: true)
        #expect(inbox.wait(after: seen, until: .now) == seen + 1)
    }
}
