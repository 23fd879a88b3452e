import Testing
import TransportWire

@Suite("Inbound stream: heads, bodies and frames")
struct InboundStreamTests {
    private func stream() -> InboundStream {
        InboundStream(parser: RequestHeadParser(maxBodyBytes: 100), maxHeadBytes: 200)
    }

    private let get = Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
    private let post = Array("POST /b HTTP/1.1\r\nContent-Length: 5\r\n\r\n".utf8)
    private let upgrade = Array(
        ("GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)

    /// Plays a socket: `waiting` holds what the kernel has; each read follows the stream's plan.
    private struct Socket {
        var waiting: [UInt8]
        var stream: InboundStream
        var pings: [[UInt8]] = []

        /// One read as the tap makes it: the bytes libwebsockets gets (empty while a head waits).
        mutating func read(capacity: Int = 1_000) -> [UInt8] {
            switch stream.plan {
            case .head(let peekLimit):
                let peeked = waiting.prefix(min(capacity, peekLimit))
                let step = stream.inspect(peeked)
                waiting.removeFirst(step.consume)
                return step.handover ?? []
            case .body(let remaining):
                let count = min(capacity, remaining, waiting.count)
                defer { waiting.removeFirst(count) }
                stream.didReadBody(count)
                return Array(waiting.prefix(count))
            case .frames:
                defer { waiting = [] }
                let scan = stream.scanFrames(waiting)
                pings += scan.pings
                let visible = waiting.prefix(scan.violationAt ?? waiting.count)
                return visible.indices.filter { index in !scan.hidden.contains { $0.contains(index) } }.map { visible[$0] }
            case .discard:
                waiting = []
                return []
            }
        }
    }

    @Test func holdsAHeadBackUntilItIsComplete() {
        var socket = Socket(waiting: Array(get[..<10]), stream: stream())
        #expect(socket.read() == [])
        #expect(socket.waiting.isEmpty)  // taken and held, so the socket does not stay readable
        #expect(socket.stream.nextVerdict() == nil)
        socket.waiting = Array(get[10...])
        #expect(socket.read() == get)
        guard case .accepted(let head) = socket.stream.nextVerdict() else {
            Issue.record("no verdict")
            return
        }
        #expect(head.target == Array("/a".utf8))
    }

    /// One unit per read: a head, then its body, then the next head; what follows stays waiting.
    @Test func readsOneHeadOrBodyAtATime() {
        var socket = Socket(waiting: post + Array("hello".utf8) + get + post, stream: stream())
        #expect(socket.read() == post)
        #expect(socket.read(capacity: 3) == Array("hel".utf8))
        #expect(socket.read() == Array("lo".utf8))
        #expect(socket.read() == get)
        #expect(socket.read() == post)
        #expect(socket.waiting.isEmpty)
        let methods = (0..<4).map { _ in
            if case .accepted(let head) = socket.stream.nextVerdict() { head.method } else { "-" }
        }
        #expect(methods == ["POST", "GET", "POST", "-"])
    }

    @Test func aRefusedHeadIsReplacedAndEverythingAfterItDropped() {
        let smuggled = Array("POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nGET /admin HTTP/1.1\r\n\r\n".utf8)
        var socket = Socket(waiting: get + smuggled, stream: stream())
        #expect(socket.read() == get)
        #expect(socket.read() == InboundStream.substituteHead)
        #expect(socket.stream.plan == .discard)
        #expect(socket.read() == [] && socket.waiting.isEmpty)
        guard case .accepted = socket.stream.nextVerdict(), case .refused(.malformed) = socket.stream.nextVerdict() else {
            Issue.record("wrong verdicts")
            return
        }
    }

    /// Frames pass, PINGs taken out, until one is unmasked; from there nothing passes.
    @Test func framesFollowAnUpgradeUntilOneIsUnmasked() {
        let masked: [UInt8] = [0x81, 0x82, 1, 2, 3, 4, 5, 6]
        let ping: [UInt8] = [0x89, 0x81, 0, 0, 0, 0, 0x2A]
        let unmasked: [UInt8] = [0x81, 0x02, 7, 8]
        var socket = Socket(waiting: upgrade + masked, stream: stream())
        #expect(socket.read() == upgrade)
        #expect(socket.stream.plan == .frames)
        #expect(socket.read() == masked)
        socket.waiting = masked + ping + masked + unmasked + masked
        #expect(socket.read() == masked + masked)
        #expect(socket.pings == [[0x2A]])
        #expect(socket.stream.plan == .discard)
    }

    @Test func anOversizedHeadIsRefused() {
        let long = Array("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 300))".utf8)
        var socket = Socket(waiting: long, stream: stream())
        #expect(socket.read() == InboundStream.substituteHead)
        guard case .refused(.malformed) = socket.stream.nextVerdict() else {
            Issue.record("not refused")
            return
        }
    }
}
