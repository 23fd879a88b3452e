import TestSupport
import Testing

@testable import RedisCoordination

/// Redis frozen, killed and restarted, or never there: the coordinator degrades, keeps the
/// writes in order, and catches up when Redis is back.
@Suite("Redis outages", .tags(.transport))
struct OutageTests {
    private func isDegraded(_ node: TestNode) -> Bool {
        node.coordinator.health != .ok
    }

    @Test func writesMadeWhileRedisIsFrozenArriveInOrderWhenItWakes() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        defer { one.shutdown() }
        let session = sessionID("frozen")
        let lease = try await one.lease(session)
        #expect(await one.settled(try one.append(1...5, under: lease)))

        redis.pause()
        #expect(await eventually(timeout: .seconds(10)) { isDegraded(one) })
        let last = try one.append(6...40, under: lease)
        #expect(one.coordinator.pendingWriteCount > 0)
        await #expect(throws: RedisCoordinationError.self) { try await one.load(session) }
        redis.resume()

        #expect(await one.settled(last))
        #expect(one.coordinator.health == .ok)
        #expect(one.recorder.failedWrites.isEmpty)
        #expect(try redis.storedChanges(of: session).map(\.revision) == Array(1...40))
        #expect(one.recorder.healthChanges.map(\.status) == ["ok", "degraded", "ok"])
        #expect(one.recorder.lostLeases.isEmpty)
        #expect(one.coordinator.pendingWriteCount == 0)
    }

    @Test func writesMadeWhileRedisIsDownArriveAfterItRestarts() async throws {
        let redis = try RedisServer(durable: true)
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        defer { one.shutdown() }
        let session = sessionID("restarted")
        let lease = try await one.lease(session)
        #expect(await one.settled(try one.append(1...5, under: lease)))

        redis.kill()
        #expect(await eventually(timeout: .seconds(10)) { isDegraded(one) })
        let last = try one.append(6...20, under: lease)
        try redis.restart()

        #expect(await one.settled(last))
        #expect(one.coordinator.health == .ok)
        #expect(one.recorder.failedWrites.isEmpty)
        #expect(try redis.storedChanges(of: session).map(\.revision) == Array(1...20))
        #expect(try await reply { try one.coordinator.leaseHolder(of: session, $0) } == "node1")
        #expect(one.recorder.lostLeases.isEmpty)
    }

    @Test func writesRedisHasNoMemoryForWaitUntilItHas() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1")
        defer { one.shutdown() }
        let session = sessionID("crowded")
        let lease = try await one.lease(session)
        #expect(await one.settled(try one.append(1...3, under: lease)))

        try redis.command("CONFIG", "SET", "maxmemory", "1")
        let last = try one.append(4...10, under: lease)
        #expect(await eventually(timeout: .seconds(10)) { isDegraded(one) })
        guard case .degraded(let reason) = one.coordinator.health else { return }
        #expect(reason.contains("OOM command not allowed"))
        #expect(one.recorder.settledThrough.map { $0 < last } ?? true)
        try redis.command("CONFIG", "SET", "maxmemory", "0")

        #expect(await one.settled(last))
        #expect(one.recorder.failedWrites.isEmpty)
        #expect(try redis.storedChanges(of: session).map(\.revision) == Array(1...10))
    }

    @Test func theWriteBufferIsBoundedAndShutdownReportsWhatItCouldNotSend() async throws {
        let redis = try RedisServer()
        defer { redis.stop() }
        let one = try TestNode(redis.url, node: "node1") { $0.pendingWriteLimit = 5 }
        let session = sessionID("bounded")
        let lease = try await one.lease(session)

        redis.kill()
        #expect(await eventually(timeout: .seconds(10)) { isDegraded(one) })
        let last = try one.append(1...5, under: lease)
        let full = RedisCoordinationError.pendingWritesFull(limit: 5, url: redis.url)
        #expect(throws: full) { try one.append(6...6, under: lease) }
        #expect(
            full.description
                == "5 writes are already waiting for Redis at \(redis.url); stop accepting changes until Redis is back")
        #expect(one.coordinator.pendingWriteCount == 5)

        one.shutdown()
        #expect(one.recorder.settledThrough == last)
        #expect(one.recorder.failedWrites.map(\.failure) == Array(repeating: .abandoned, count: 5))
        #expect(one.coordinator.pendingWriteCount == 0)
        #expect(throws: RedisCoordinationError.shutDown) { try one.append(6...6, under: lease) }
    }

    @Test func anUnreachableRedisIsReportedInOneSentence() async throws {
        let redis = try RedisServer()
        let url = redis.url
        redis.stop()
        let one = try TestNode(url, node: "node1")
        defer { one.shutdown() }

        #expect(!one.coordinator.waitForConnection(timeout: .milliseconds(300)))
        guard case .degraded(let reason) = one.coordinator.health else {
            Issue.record("a coordinator without Redis says it is healthy")
            return
        }
        #expect(
            reason
                == "Redis at \(url) cannot be reached (Connection refused); start redis-server there or point --redis at a running one"
        )
        await #expect(throws: RedisCoordinationError.unavailable(url: url, reason: "Connection refused")) {
            try await one.acquire(sessionID("nowhere"))
        }
    }
}
