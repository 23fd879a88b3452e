/// What the transport lets libwebsockets read from one accepted socket, decided head by head.
///
/// The stream is split into request heads, bodies (exactly `Content-Length` bytes each) and,
/// after a WebSocket handshake, frames. Each read hands libwebsockets at most one of these; what
/// follows stays in the kernel's buffer, so the socket stays readable and nothing is held here
/// but an incomplete head. (libwebsockets 4.1.6 loops for ever when a pipelined request already
/// sits in its buffer behind a request body.)
///
/// A head is read as far as it has arrived (``ReadPlan/head(peekLimit:)``: look at the
/// socket's bytes without taking them, then take only the head's), then read by
/// ``RequestHeadParser``:
/// - accepted, it is passed on unchanged (libwebsockets reads it the same way, see the parser);
/// - refused, it is replaced by ``substituteHead``, a plain `GET /` that libwebsockets hands to
///   the transport's usual request callback, where the transport answers with the refusal
///   (from ``nextVerdict()``) and closes; everything after it is dropped.
/// So libwebsockets never parses a head the transport has not read first, never answers one with
/// its own error page, and every head it sees has exactly one verdict, in order.
///
/// Frames pass through ``ClientFrameFilter``: libwebsockets sees them unchanged but for PINGs,
/// which the transport answers itself, and nothing from the first protocol violation (an
/// unmasked frame, a malformed PING) on.
package struct InboundStream: Sendable {
    /// What the parser made of one head, in the order libwebsockets sees them.
    package enum Verdict: Sendable, Equatable {
        case accepted(RequestHead)
        case refused(RequestHeadRefusal)
    }

    /// How to read the socket next.
    package enum ReadPlan: Sendable, Equatable {
        /// Look at up to `peekLimit` bytes without taking them, and show them to ``inspect(_:)``.
        case head(peekLimit: Int)
        /// Read at most `remaining` bytes (the rest of a body) and report them with ``didReadBody(_:)``.
        case body(remaining: Int)
        /// Read freely, and show the bytes to ``scanFrames(_:)`` before handing them over.
        case frames
        /// Read and drop everything.
        case discard
    }

    /// What to do with the bytes ``inspect(_:)`` looked at.
    package struct HeadStep: Sendable, Equatable {
        /// Take this many of them from the socket.
        package var consume: Int
        /// Hand libwebsockets these bytes (a whole head, or the substitute); nil while the head
        /// is incomplete (the bytes taken are kept here until it is).
        package var handover: [UInt8]?
    }

    /// Stands in for a refused head.
    package static let substituteHead: [UInt8] = Array("GET / HTTP/1.1\r\n\r\n".utf8)

    private enum Mode: Sendable {
        /// Collecting a head; the first `searchedUpTo` bytes of `held` are known not to end it.
        case head(held: [UInt8], searchedUpTo: Int)
        case body(remaining: Int)
        case frames
        /// After a refusal: everything is dropped until the connection closes.
        case discarding
    }

    package let parser: RequestHeadParser
    package let maxHeadBytes: Int
    private var mode = Mode.head(held: [], searchedUpTo: 0)
    private var verdicts: [Verdict] = []
    private var frames = ClientFrameFilter()

    package init(parser: RequestHeadParser, maxHeadBytes: Int) {
        self.parser = parser
        self.maxHeadBytes = maxHeadBytes
    }

    package var plan: ReadPlan {
        switch mode {
        // One byte more than a head may hold shows a head that is too large.
        case .head(let held, _): .head(peekLimit: maxHeadBytes + 1 - held.count)
        case .body(let remaining): .body(remaining: remaining)
        case .frames: .frames
        case .discarding: .discard
        }
    }

    /// Looks at the bytes waiting on the socket (``ReadPlan/head(peekLimit:)``) and decides
    /// how many to take and what to hand over. Only in head mode.
    package mutating func inspect(_ peeked: some Collection<UInt8>) -> HeadStep {
        guard case .head(var held, let searchedUpTo) = mode else { return HeadStep(consume: 0, handover: nil) }
        let heldBefore = held.count
        held.append(contentsOf: peeked)
        guard let end = Self.endOfHead(in: held, from: searchedUpTo), end <= maxHeadBytes else {
            guard held.count <= maxHeadBytes else {
                return HeadStep(
                    consume: peeked.count, handover: refuse(.malformed("The request head is larger than \(maxHeadBytes) bytes.")))
            }
            mode = .head(held: held, searchedUpTo: max(0, held.count - 3))
            return HeadStep(consume: peeked.count, handover: nil)
        }
        let head = Array(held[..<end])
        let step = end - heldBefore
        switch parser.parse(head) {
        case .failure(let refusal):
            return HeadStep(consume: step, handover: refuse(refusal))
        case .success(let parsed):
            verdicts.append(.accepted(parsed))
            mode =
                parsed.isWebSocketUpgrade
                ? .frames
                : parsed.contentLength > 0 ? .body(remaining: parsed.contentLength) : .head(held: [], searchedUpTo: 0)
            return HeadStep(consume: step, handover: head)
        }
    }

    /// Records `count` body bytes read (``ReadPlan/body(remaining:)``).
    package mutating func didReadBody(_ count: Int) {
        guard case .body(let remaining) = mode else { return }
        mode = count >= remaining ? .head(held: [], searchedUpTo: 0) : .body(remaining: remaining - count)
    }

    /// Follows frames (``ReadPlan/frames``): what to hide from libwebsockets (PINGs, which the
    /// transport answers), and where a protocol violation begins, after which the stream drops
    /// everything (the connection is closed with 1002).
    package mutating func scanFrames(_ bytes: some Collection<UInt8>) -> ClientFrameFilter.Scan {
        let scan = frames.scan(bytes)
        if scan.violationAt != nil {
            mode = .discarding
        }
        return scan
    }

    /// Where the frame filter stands (``ReadPlan/frames``): a reader that keeps only frames
    /// once the WebSocket is open goes on from here.
    package var frameFilter: ClientFrameFilter { frames }

    /// The verdict on the next head libwebsockets parses. From the callback that receives it.
    package mutating func nextVerdict() -> Verdict? {
        guard !verdicts.isEmpty else { return nil }
        let verdict = verdicts.removeFirst()
        if verdicts.isEmpty {
            // Give back the storage: a WebSocket takes its one verdict and then stays open for hours.
            verdicts = []
        }
        return verdict
    }

    private mutating func refuse(_ refusal: RequestHeadRefusal) -> [UInt8] {
        verdicts.append(.refused(refusal))
        mode = .discarding
        return Self.substituteHead
    }

    /// The index just past the first CRLF CRLF at or after `start`.
    private static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 3 < bytes.count {
            // A match ending at index+3 needs LF there; any byte but CR or LF rules out a match
            // starting at index…index+3.
            switch bytes[index + 3] {
            case 10:
                if bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 { return index + 4 }
                index += 1
            case 13:
                index += 1
            default:
                index += 4
            }
        }
        return nil
    }
}
