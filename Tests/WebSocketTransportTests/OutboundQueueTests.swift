import Testing

@testable import WebSocketTransport

@Suite("Outbound queue")
struct OutboundQueueTests {
    private func message(_ count: Int) -> OutboundMessage {
        OutboundMessage(utf8: [UInt8](repeating: 120, count: count))
    }

    @Test func countsBytesAndMessagesUntilWritten() {
        var queue = OutboundQueue()
        queue.append(message(10))
        queue.append(message(20))
        #expect(queue.bytes == 30)
        #expect(queue.count == 2)
        let first = try! #require(queue.nextFragment(maxBytes: 100))
        #expect(first.isFirst && first.isLast && first.length == 10)
        queue.didWrite(first)
        #expect(queue.bytes == 20)
        #expect(queue.count == 1)
    }

    @Test func largeMessageGoesOutInFragments() throws {
        var queue = OutboundQueue()
        queue.append(message(250))
        var lengths: [Int] = []
        var flags: [(Bool, Bool)] = []
        while let fragment = queue.nextFragment(maxBytes: 100) {
            lengths.append(fragment.length)
            flags.append((fragment.isFirst, fragment.isLast))
            queue.didWrite(fragment)
        }
        #expect(lengths == [100, 100, 50])
        #expect(flags.map(\.0) == [true, false, false])
        #expect(flags.map(\.1) == [false, false, true])
        #expect(queue.isEmpty && queue.bytes == 0)
    }

    @Test func discardingKeepsAPartlyWrittenMessage() throws {
        var queue = OutboundQueue()
        let partial = message(250)
        queue.append(partial)
        queue.append(message(30))
        queue.didWrite(try #require(queue.nextFragment(maxBytes: 100)))
        queue.discardUnstarted()
        #expect(queue.count == 1)
        #expect(queue.bytes == 150)
        let next = try #require(queue.nextFragment(maxBytes: 1000))
        #expect(next.message === partial && next.offset == 100 && !next.isFirst)
        queue.didWrite(next)
        #expect(queue.nextFragment(maxBytes: 1000) == nil)
    }

    @Test func discardingDropsMessagesThatHaveNotStarted() {
        var queue = OutboundQueue()
        queue.append(message(10))
        queue.append(message(20))
        queue.discardUnstarted()
        #expect(queue.isEmpty && queue.bytes == 0)
    }
}
