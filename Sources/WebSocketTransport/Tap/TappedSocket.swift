import CReceiveTap
import Glibc
import TransportWire

/// One accepted socket as the receive tap sees it: its ``InboundStream`` (which heads
/// libwebsockets may read, and the verdict on each) until it is a WebSocket, then only the
/// filter of its frames and its connection.
///
/// Only the service thread reads the socket, creates this and asks it for verdicts.
final class TappedSocket {
    /// The request stream, boxed and dropped when the WebSocket opens: an idle WebSocket keeps
    /// 80 bytes here instead of 128 (docs/PERFORMANCE.md, idle memory).
    private final class Requests {
        var stream: InboundStream

        init(_ stream: InboundStream) {
            self.stream = stream
        }
    }

    private var requests: Requests?
    /// The frame filter of an open WebSocket (the stream's own until then).
    private var frames = ClientFrameFilter()
    /// Set when the WebSocket handshake completes (before any frame is read: the handshake is
    /// handed over alone); it answers the PINGs and is told of a protocol violation. Held until
    /// the descriptor is closed, which libwebsockets does after the connection's `CLOSED`
    /// callback (a closed connection ignores both). Not weak: see ``KeepaliveWheel``.
    private(set) var connection: WebSocketConnection?

    init(stream: InboundStream) {
        requests = Requests(stream)
    }

    /// The WebSocket handshake completed: from now on the socket carries frames only.
    func upgraded(to connection: WebSocketConnection) {
        self.connection = connection
        guard let stream = requests?.stream, stream.plan == .frames else { return }
        frames = stream.frameFilter
        requests = nil
    }

    /// The parser's verdict on the head libwebsockets is handing to a callback now.
    func nextVerdict() -> InboundStream.Verdict? {
        requests?.stream.nextVerdict()
    }

    /// Stands in for `recv(descriptor, buffer, capacity, 0)`: reads what the stream's plan allows
    /// and leaves in `buffer` what libwebsockets may see. With nothing to hand over yet it fails
    /// with `EAGAIN`, as a non-blocking socket with nothing to read does.
    func read(from descriptor: Int32, into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        guard let requests else {
            return frames.sawViolation
                ? discard(from: descriptor, into: buffer, capacity: capacity)
                : readFrames(from: descriptor, into: buffer, capacity: capacity) { frames.scan($0) }
        }
        switch requests.stream.plan {
        case .frames:
            return readFrames(from: descriptor, into: buffer, capacity: capacity) { requests.stream.scanFrames($0) }
        case .body(let remaining):
            let count = focussync_tap_system_recv(descriptor, buffer, min(capacity, remaining), 0)
            if count > 0 { requests.stream.didReadBody(count) }
            return count
        case .discard:
            return discard(from: descriptor, into: buffer, capacity: capacity)
        case .head(let peekLimit):
            let peeked = focussync_tap_system_recv(descriptor, buffer, min(capacity, peekLimit), Int32(MSG_PEEK))
            guard peeked > 0 else { return peeked }
            let step = requests.stream.inspect(UnsafeRawBufferPointer(start: buffer, count: peeked))
            // Take exactly the bytes inspected (they are in the kernel's buffer already).
            guard focussync_tap_system_recv(descriptor, buffer, step.consume, 0) == step.consume else {
                errno = EIO
                return -1
            }
            guard let handover = step.handover else { return nothingYet() }
            return handOver(handover, into: buffer, capacity: capacity)
        }
    }

    /// Reads frames, hiding PINGs (which the connection answers) and whatever follows a
    /// protocol violation from libwebsockets.
    private func readFrames(
        from descriptor: Int32, into buffer: UnsafeMutableRawPointer, capacity: Int,
        scan scanning: (UnsafeRawBufferPointer) -> ClientFrameFilter.Scan
    ) -> Int {
        let count = focussync_tap_system_recv(descriptor, buffer, capacity, 0)
        guard count > 0 else { return count }
        let scan = scanning(UnsafeRawBufferPointer(start: buffer, count: count))
        for ping in scan.pings {
            connection?.answerPing(ping)
        }
        let kept = Self.remove(scan.hidden, from: buffer, count: scan.violationAt ?? count)
        if scan.violationAt != nil {
            connection?.refuseProtocolViolation()
        }
        return kept > 0 ? kept : nothingYet()
    }

    /// Reads and drops what arrives (after a refusal or a protocol violation).
    private func discard(from descriptor: Int32, into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        let count = focussync_tap_system_recv(descriptor, buffer, capacity, 0)
        return count > 0 ? nothingYet() : count
    }

    /// Puts a whole head into libwebsockets' buffer (a head never exceeds it, see ServerCore).
    private func handOver(_ head: [UInt8], into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        guard head.count <= capacity else {
            errno = EMSGSIZE
            return -1
        }
        head.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return head.count
    }

    /// Closes the gaps `hidden` leaves in the first `count` bytes of `buffer`; returns how many
    /// bytes are left.
    private static func remove(_ hidden: [Range<Int>], from buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        var kept = 0
        var next = 0
        for range in hidden + [count..<count] {
            let end = min(range.lowerBound, count)
            if next < end {
                if kept != next {
                    (buffer + kept).copyMemory(from: buffer + next, byteCount: end - next)
                }
                kept += end - next
            }
            next = max(next, range.upperBound)
        }
        return kept
    }

    private func nothingYet() -> Int {
        errno = EAGAIN
        return -1
    }
}
