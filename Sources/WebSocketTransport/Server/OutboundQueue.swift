/// The messages waiting to go out on one connection, and how far the first one has got.
///
/// Large messages go out as several frames (one per writeable callback) so that one big
/// message to a slow reader never makes libwebsockets buffer the whole payload.
struct OutboundQueue {
    /// One frame to write next.
    struct Fragment {
        let message: OutboundMessage
        let offset: Int
        let length: Int
        let isFirst: Bool
        let isLast: Bool
    }

    private var messages: [OutboundMessage] = []
    /// Index of the first message not completely written.
    private var head = 0
    /// Bytes of `messages[head]` already written.
    private var headOffset = 0

    /// Payload bytes not yet written.
    private(set) var bytes = 0

    /// Messages not completely written.
    var count: Int { messages.count - head }
    var isEmpty: Bool { count == 0 }

    mutating func append(_ message: OutboundMessage) {
        messages.append(message)
        bytes += message.count
    }

    /// Drops every message that has not started going out; a message that is half written
    /// stays, so the peer still gets it whole.
    mutating func discardUnstarted() {
        guard headOffset > 0 else {
            removeAll()
            return
        }
        let partial = messages[head]
        messages = [partial]
        head = 0
        bytes = partial.count - headOffset
    }

    /// Drops everything, including a message that is half written.
    mutating func removeAll() {
        messages.removeAll()
        head = 0
        headOffset = 0
        bytes = 0
    }

    func nextFragment(maxBytes: Int) -> Fragment? {
        guard head < messages.count else { return nil }
        let message = messages[head]
        let length = min(maxBytes, message.count - headOffset)
        return Fragment(
            message: message, offset: headOffset, length: length,
            isFirst: headOffset == 0, isLast: headOffset + length == message.count
        )
    }

    /// Records that `fragment` (from ``nextFragment(maxBytes:)``) was written.
    mutating func didWrite(_ fragment: Fragment) {
        headOffset += fragment.length
        bytes -= fragment.length
        guard fragment.isLast else { return }
        head += 1
        headOffset = 0
        if head == messages.count {
            // The storage goes too: a connection that once had a backlog may then idle for hours.
            messages = []
            head = 0
        } else if head >= 64 && head * 2 >= messages.count {
            messages.removeFirst(head)
            head = 0
        }
    }
}

/// Part of a connection, confined to its server's service thread.
@available(*, unavailable)
extension OutboundQueue: Sendable {}
