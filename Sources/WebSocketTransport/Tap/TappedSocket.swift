import CReceiveTap
import Glibc
import TransportWire

/// One accepted socket as the receive tap sees it: its ``InboundStream`` (which heads
/// libwebsockets may read, and the verdict on each) and, once it is a WebSocket, its connection.
///
/// Only the service thread reads the socket, creates this and asks it for verdicts.
final class TappedSocket {
    private(set) var stream: InboundStream
    /// Set when the WebSocket handshake completes (before any frame is read: the handshake is
    /// handed over alone); it answers the PINGs and is told of a protocol violation. Held until
    /// the descriptor is closed, which libwebsockets does after the connection's `CLOSED`
    /// callback (a closed connection ignores both). Not weak: see ``KeepaliveWheel``.
    var connection: WebSocketConnection?

    init(stream: InboundStream) {
        self.stream = stream
    }

    /// The parser's verdict on the head libwebsockets is handing to a callback now.
    func nextVerdict() -> InboundStream.Verdict? {
        stream.nextVerdict()
    }

    /// Stands in for `recv(descriptor, buffer, capacity, 0)`: reads what the stream's plan allows
    /// and leaves in `buffer` what libwebsockets may see. With nothing to hand over yet it fails
    /// with `EAGAIN`, as a non-blocking socket with nothing to read does.
    func read(from descriptor: Int32, into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        switch stream.plan {
        case .frames:
            let count = focussync_tap_system_recv(descriptor, buffer, capacity, 0)
            guard count > 0 else { return count }
            let scan = stream.scanFrames(UnsafeRawBufferPointer(start: buffer, count: count))
            for ping in scan.pings {
                connection?.answerPing(ping)
            }
            let kept = Self.remove(scan.hidden, from: buffer, count: scan.violationAt ?? count)
            if scan.violationAt != nil {
                connection?.refuseProtocolViolation()
            }
            return kept > 0 ? kept : nothingYet()
        case .body(let remaining):
            let count = focussync_tap_system_recv(descriptor, buffer, min(capacity, remaining), 0)
            if count > 0 { stream.didReadBody(count) }
            return count
        case .discard:
            let count = focussync_tap_system_recv(descriptor, buffer, capacity, 0)
            return count > 0 ? nothingYet() : count
        case .head(let peekLimit):
            let peeked = focussync_tap_system_recv(descriptor, buffer, min(capacity, peekLimit), Int32(MSG_PEEK))
            guard peeked > 0 else { return peeked }
            let step = stream.inspect(UnsafeRawBufferPointer(start: buffer, count: peeked))
            // Take exactly the bytes inspected (they are in the kernel's buffer already).
            guard focussync_tap_system_recv(descriptor, buffer, step.consume, 0) == step.consume else {
                errno = EIO
                return -1
            }
            guard let handover = step.handover else { return nothingYet() }
            return handOver(handover, into: buffer, capacity: capacity)
        }
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
