import CLibWebSockets
import Locking
import TransportWire

/// One accepted WebSocket connection. Use it only on the server's service thread (in handler
/// callbacks and work passed to ``WebSocketServer/execute(_:)``): it is not `Sendable`, and debug
/// builds trap when it is used on another thread.
public final class WebSocketConnection: KeepaliveMember {
    /// Unique for the lifetime of the server process; safe to log.
    public let id: UInt64
    /// The upgrade request: path, query (for example `session=…`), headers, peer. The query and
    /// the headers are there while ``WebSocketServerHandler/connectionDidOpen(_:)`` runs and
    /// dropped when it returns (keep what you need of them then): a browser's dozen headers and
    /// the query's string would otherwise stay with every idle connection for its whole life.
    /// After that the method is `GET` (the only one libwebsockets upgrades) and the path and peer
    /// are the upgrade's.
    public var request: HTTPRequest {
        opening?.request ?? HTTPRequest(method: "GET", path: path, peer: peer)
    }
    /// Bytes waiting in the outbound queue.
    public var queuedBytes: Int {
        assertOnServiceThread()
        return outbound.bytes
    }
    /// True from the moment a close is sent or received: `close` was called, the peer sent its
    /// close frame or went away, or libwebsockets failed the connection (a protocol error such
    /// as reserved bits, which it answers with its own close frame). Sending is then a no-op.
    public var isClosing: Bool {
        assertOnServiceThread()
        noticeLibraryClose()
        return !machine.isOpen
    }

    /// What the handler keeps with this connection, so that it needs no table of its own by
    /// ``id`` (the transport never reads it). Set it to nil when the connection closes if it
    /// refers back to the connection.
    public var attachment: AnyObject?

    /// Frames larger than this are split, one frame per writeable callback.
    static let maxFrameBytes = 32 * 1024
    /// A closing connection whose peer does not complete the close in this time is dropped.
    static let closeGraceSeconds: Int32 = 5

    private static let lastID = Locked<UInt64>(0)

    /// Only valid while the state is not `.closed`; the core outlives every open connection.
    private unowned let core: ServerCore
    private let wsi: OpaquePointer
    /// The whole upgrade request while the handler opens the connection; boxed, so what every
    /// open connection keeps of it is a pointer, the path and the peer.
    private var opening: OpeningRequest?
    private let path: String
    private let peer: String
    /// The state, write priority and close handshake; this class performs what it decides.
    private var machine = ConnectionMachine()
    private var outbound = OutboundQueue()
    private var assembler: MessageAssembler
    /// When this connection last answered a keepalive PING; see ``KeepaliveWheel``.
    var keepalive: KeepaliveState

    init(request: HTTPRequest, wsi: OpaquePointer, core: ServerCore) {
        id = Self.lastID.withLock { last in
            last += 1
            return last
        }
        opening = OpeningRequest(request)
        path = request.path
        peer = request.peer
        self.wsi = wsi
        self.core = core
        assembler = MessageAssembler(
            maxBytes: core.configuration.maxMessageBytes, maxFragments: core.configuration.maxMessageFragments)
        keepalive = core.keepalive.state(forConnection: id)
    }

    /// Drops the upgrade request's query and headers, once the handler has seen them.
    func forgetRequestDetails() {
        opening = nil
    }

    /// Sends `message`: at once when nothing is queued and the socket took everything written
    /// before, otherwise through the queue. When the queue is over the configured limit the
    /// message is not queued and the handler's `connection(_:didOverflowWith:)` decides. Does
    /// nothing once closing.
    public func send(_ message: OutboundMessage) {
        assertOnServiceThread()
        noticeLibraryClose()
        let route = machine.send(
            queueIsEmpty: outbound.isEmpty, messageFitsOneFrame: message.count <= Self.maxFrameBytes,
            kernelKeepsUp: !kernelFellBehind, queueHasRoom: hasRoom(for: message))
        switch route {
        case .drop:
            return
        case .writeAtOnce:
            // Straight to the socket: one send() now, where a writeable callback would cost a
            // wake-up and two epoll_ctl calls (POLLOUT on, then off) per message.
            guard
                message.write(on: wsi, loop: core.loop.id, offset: 0, length: message.count, isFirst: true, isLast: true)
                    >= message.count
            else {
                // The socket failed; the next writeable callback tells libwebsockets to close it.
                machine.writeFailed()
                lws_callback_on_writable(wsi)
                return
            }
        case .enqueue(let requestsWritable):
            outbound.append(message)
            if requestsWritable {
                lws_callback_on_writable(wsi)
            }
        case .overflow:
            core.handler.connection(self, didOverflowWith: message)
        }
    }

    /// Drops every queued message that has not started going out (a message that is partly
    /// written is finished, so the peer never sees half of one) and tells the handler, through
    /// `connectionDidDrain(_:)`, once the socket can take more. Does nothing once closing.
    public func discardBacklog() {
        assertOnServiceThread()
        noticeLibraryClose()
        guard machine.discardBacklog() else { return }
        outbound.discardUnstarted()
        lws_callback_on_writable(wsi)
    }

    /// Sends a close frame with `code` and `reason` (after already queued messages are flushed
    /// when `flush` is true) and drops the connection. If the frame cannot go out within a few
    /// seconds (the peer stopped reading), the connection is cut without it.
    public func close(code: CloseCode, reason: String = "", flush: Bool = true) {
        assertOnServiceThread()
        noticeLibraryClose()
        guard case .started(let dropsQueue) = machine.close(code: code.rawValue, reason: reason, flush: flush) else { return }
        if dropsQueue {
            outbound.removeAll()
        }
        lws_set_timeout(wsi, PENDING_TIMEOUT_CLOSE_SEND, Self.closeGraceSeconds)
        lws_callback_on_writable(wsi)
    }

    // MARK: libwebsockets events (service thread)

    /// `LWS_CALLBACK_RECEIVE`: a piece of a message.
    func receive(_ input: UnsafeMutableRawPointer?, length: Int) -> Int32 {
        guard machine.isOpen else { return 0 }
        let kind: MessageAssembler.Kind = lws_frame_is_binary(wsi) != 0 ? .binary : .text
        if kind == .binary && !core.configuration.acceptsBinaryMessages {
            return fail(.unsupportedData, reason: "binary messages are not accepted")
        }
        let piece = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
        let outcome = assembler.append(
            piece, kind: kind, endsFrame: lws_remaining_packet_payload(wsi) == 0,
            endsMessage: lws_is_final_fragment(wsi) != 0)
        switch outcome {
        case .needMore:
            return 0
        case .tooBig:
            return fail(.messageTooBig, reason: "message larger than \(assembler.maxBytes) bytes")
        case .tooManyFragments:
            return fail(.messageTooBig, reason: "message in more than \(assembler.maxFragments) frames")
        case .invalidUTF8:
            return fail(.invalidPayload, reason: "text is not valid UTF-8")
        case .complete(.text, let text):
            core.handler.connection(self, didReceiveText: text)
            return 0
        case .complete(.binary, let bytes):
            core.handler.connection(self, didReceiveBinary: bytes)
            return 0
        }
    }

    /// True when libwebsockets holds bytes of an earlier write that the kernel did not take
    /// (it sends them before anything else when the socket drains). That is how the socket's
    /// state is known without a system call: `lws_send_pipe_choked` would add a `poll()` to
    /// every send. A write to a socket whose buffer is full leaves that write (at most one frame)
    /// with libwebsockets, and from then on messages wait in the connection's own queue, whose
    /// limits decide when the peer counts as behind.
    private func hasRoom(for message: OutboundMessage) -> Bool {
        let limits = core.configuration
        return outbound.bytes + message.count <= limits.maxQueuedBytes && outbound.count < limits.maxQueuedMessages
    }

    private var kernelFellBehind: Bool {
        lws_partial_buffered(wsi) != 0
    }

    /// Queued frames one writeable callback may write while the kernel takes each whole, so a
    /// backlog drains in few turns of the loop without one connection holding it up for long.
    static let framesPerWriteableCallback = 16

    /// `LWS_CALLBACK_SERVER_WRITEABLE`: a PONG or a PING owed, or queued frames (several while
    /// the kernel takes each whole, see ``framesPerWriteableCallback``), then ask again if more
    /// is waiting. Extra callbacks (libwebsockets may send them, and collapses repeated
    /// requests into one) find nothing to do.
    func writeNext() -> Int32 {
        noticeLibraryClose()
        switch machine.writable(queueIsEmpty: outbound.isEmpty) {
        case .nothing:
            return 0
        case .disconnect:
            return -1
        case .sendClose(let code, let reason):
            outbound.removeAll()
            CloseFrame.send(code: CloseCode(rawValue: code), reason: reason, on: wsi)
            // Wait for the peer's close frame before dropping the socket: closing at once
            // while the peer is still sending makes the kernel answer with a reset, and the
            // peer loses our close frame (and its code) with it.
            lws_set_timeout(wsi, PENDING_TIMEOUT_CLOSE_ACK, Self.closeAckSeconds)
            return 0
        case .writePong(let pong):
            guard Self.writeControlFrame(pong, kind: LWS_WRITE_PONG, on: wsi) else { return writeFailed() }
            lws_callback_on_writable(wsi)
            return 0
        case .writePing(let requestsWritable):
            guard core.keepalive.writePing(on: wsi) else { return writeFailed() }
            if requestsWritable {
                lws_callback_on_writable(wsi)
            }
            return 0
        case .reportDrain:
            core.handler.connectionDidDrain(self)
            return 0
        case .writeFrames:
            var frames = 0
            while frames < Self.framesPerWriteableCallback, !kernelFellBehind,
                let fragment = outbound.nextFragment(maxBytes: Self.maxFrameBytes)
            {
                let written = fragment.message.write(
                    on: wsi, loop: core.loop.id, offset: fragment.offset, length: fragment.length,
                    isFirst: fragment.isFirst, isLast: fragment.isLast)
                guard written >= fragment.length else { return writeFailed() }
                outbound.didWrite(fragment)
                frames += 1
            }
            if machine.framesWritten(queueIsEmpty: outbound.isEmpty) {
                lws_callback_on_writable(wsi)
            }
            return 0
        }
    }

    /// A write in a writeable callback failed: libwebsockets drops the connection (-1).
    private func writeFailed() -> Int32 {
        machine.writeFailed()
        return -1
    }

    /// The receive tap found a frame from the peer without a mask (RFC 6455 section 5.1) or a
    /// malformed PING.
    func refuseProtocolViolation() {
        close(code: .protocolError, reason: "client frames must be masked, and PINGs whole and short", flush: false)
    }

    /// The peer sent a PING (the receive tap took it out of libwebsockets' view): a PONG with
    /// its payload goes out ahead of anything queued, in the order the PINGs came.
    func answerPing(_ payload: [UInt8]) {
        guard machine.pingReceived(payload: payload) else { return }
        lws_callback_on_writable(wsi)
    }

    /// Writes a PONG (or another control frame) from its own buffer.
    private static func writeControlFrame(_ payload: [UInt8], kind: lws_write_protocol, on wsi: OpaquePointer) -> Bool {
        var frame = [UInt8](repeating: 0, count: OutboundMessage.headroom) + payload
        return frame.withUnsafeMutableBufferPointer { buffer in
            lws_write(wsi, buffer.baseAddress! + OutboundMessage.headroom, payload.count, kind) >= payload.count
        }
    }

    // MARK: Keepalive (service thread)

    /// `LWS_CALLBACK_RECEIVE_PONG`.
    func didReceivePong() {
        keepalive.lastPong = core.keepalive.now
    }

    /// The keepalive wheel wants a PING sent.
    func sendKeepalivePing() {
        guard machine.pingDue() else { return }
        lws_callback_on_writable(wsi)
    }

    /// No PONG within the hang-up time: the peer is gone. Dropped without a close frame, which
    /// it would not read; the handler hears of it with no close code.
    func hangUp() {
        guard machine.pongOverdue() else { return }
        outbound.removeAll()
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
    }

    /// How long a peer has to answer our close frame before the connection is cut.
    static let closeAckSeconds: Int32 = 2

    /// `LWS_CALLBACK_WS_PEER_INITIATED_CLOSE`. libwebsockets answers the peer's close frame
    /// itself (returns 0), unless ours already went out: then this frame is the answer, the
    /// closing handshake is complete, and -1 drops the connection without a second close frame.
    func peerDidClose(payload: UnsafeRawBufferPointer) -> Int32 {
        var reason = UTF8Validator()
        // The text checks are the transport's (libwebsockets' are off).
        let close: PeerClose =
            payload.count < 2 || (reason.validate(payload.dropFirst(2)) && reason.isAtBoundary)
            ? .valid(payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil)
            : .invalidReason(answer: CloseCode.invalidPayload.rawValue)
        switch machine.peerSentClose(close) {
        case .completeHandshake:
            return -1
        case .echo:
            outbound.removeAll()
            return 0
        case .refuse:
            // The close reason that is not UTF-8 is refused with 1007, and the connection dropped after it.
            var reasonBytes = CloseFrame.reasonBytes("close reason is not valid UTF-8")
            lws_close_reason(wsi, LWS_CLOSE_STATUS_INVALID_PAYLOAD, &reasonBytes, reasonBytes.count)
            outbound.removeAll()
            return -1
        }
    }

    /// `LWS_CALLBACK_CLOSED`: the connection is gone. Returns the close code that was sent or received.
    func didClose() -> CloseCode? {
        outbound.removeAll()
        return machine.closed().map(CloseCode.init(rawValue:))
    }

    /// libwebsockets fails a connection (reserved bits, a bad opcode, …) by storing a close
    /// reason and sending its own close frame at the next writeable event, without a callback
    /// until `LWS_CALLBACK_CLOSED`; a stored reason is the only sign. From then on the
    /// connection counts as closed, so nothing of ours follows that close frame.
    private func noticeLibraryClose() {
        guard machine.mayBeClosedByLibrary, lws_get_close_length(wsi) > 0 else { return }
        let payload = UnsafeMutableRawPointer(lws_get_close_payload(wsi))
        let code = CloseFrame.code(in: payload, length: Int(lws_get_close_length(wsi))) ?? .protocolError
        if machine.libraryClosed(with: code.rawValue) {
            outbound.removeAll()
        }
    }

    var needsKeepalive: Bool { machine.isOpen }

    /// Debug builds trap when the connection is used off its service thread.
    private func assertOnServiceThread(file: StaticString = #file, line: UInt = #line) {
        core.loop.assertServiceThread(file: file, line: line)
    }

    /// Closes because of what the peer sent: the close frame goes out at the next writeable
    /// callback, like any close, and what the peer sends meanwhile is ignored. (Returning -1
    /// from the receive callback after `lws_close_reason`, the documented way, loses the close
    /// frame when more frames follow in the same read: libwebsockets 4.1.6 then tears the
    /// connection down a second time, without it.)
    private func fail(_ code: CloseCode, reason: String) -> Int32 {
        close(code: code, reason: reason, flush: false)
        return 0
    }
}

/// A ``WebSocketConnection``'s upgrade request while it opens.
private final class OpeningRequest {
    let request: HTTPRequest

    init(_ request: HTTPRequest) {
        self.request = request
    }
}

/// Confined to its server's service thread; see ``WebSocketConnection``.
@available(*, unavailable)
extension WebSocketConnection: Sendable {}
