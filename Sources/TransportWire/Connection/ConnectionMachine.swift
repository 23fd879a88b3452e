/// One WebSocket connection's state, write priority and close handshake, as a value: each
/// method takes one thing that happened and returns what the transport must do about it. It
/// touches no socket; the transport performs the actions and reports the facts it alone knows
/// (whether its queue is empty, whether the kernel keeps up).
///
/// The rules it keeps:
/// - A PONG owed to the peer goes out before any frame, in the order the PINGs came.
/// - Nothing is written after the close frame, or once the peer closed or the connection failed.
/// - The close frame goes out once, after the queue when the close flushes it.
public struct ConnectionMachine: Sendable {
    public private(set) var phase = ConnectionPhase.open
    /// PONG payloads owed to the peer, oldest first.
    private var owedPongs: [[UInt8]] = []
    /// A keepalive PING waits for the next writeable callback.
    private var owesPing = false
    /// Set by ``discardBacklog()``: the next writeable callback with nothing queued reports it.
    private var reportsDrain = false

    /// At most this many PONGs are owed; an older one gives way to a newer (RFC 6455 5.5.3
    /// allows answering only the latest of several PINGs).
    public static var maxOwedPongs: Int { 16 }

    public init() {}

    /// True until a close is asked for, sent or received.
    public var isOpen: Bool { phase == .open }

    /// True while libwebsockets may still fail the connection with a close frame of its own
    /// (see ``libraryClosed(with:)``).
    public var mayBeClosedByLibrary: Bool {
        switch phase {
        case .open, .closing: true
        case .closeSent, .peerClosed, .closed: false
        }
    }

    /// PONGs owed to the peer, for the transport's tests and the fuzzer.
    public var owedPongCount: Int { owedPongs.count }

    // MARK: The application

    /// The application sends a message. The transport says what it knows: its queue is empty,
    /// the message fits one frame, the kernel took everything written before, and the queue has
    /// room for the message under its limits.
    /// `kernelKeepsUp` and `queueHasRoom` cost a call into libwebsockets and a read of the limits,
    /// so they are asked only when the route depends on them: most messages go out at once.
    public func send(
        queueIsEmpty: Bool, messageFitsOneFrame: Bool, kernelKeepsUp: @autoclosure () -> Bool,
        queueHasRoom: @autoclosure () -> Bool
    ) -> SendRoute {
        guard isOpen else { return .drop }
        if queueIsEmpty && owedPongs.isEmpty && messageFitsOneFrame && kernelKeepsUp() {
            return .writeAtOnce
        }
        guard queueHasRoom() else { return .overflow }
        return .enqueue(requestsWritable: queueIsEmpty)
    }

    /// The application drops its backlog. True: discard the queued messages that have not
    /// started going out and ask for a writeable callback, which reports the drain.
    public mutating func discardBacklog() -> Bool {
        guard isOpen else { return false }
        reportsDrain = true
        return true
    }

    /// The application (or the transport, refusing what the peer sent) closes the connection.
    public mutating func close(code: UInt16, reason: String, flush: Bool) -> CloseStart {
        guard isOpen else { return .ignored }
        phase = .closing(code: code, reason: reason, flush: flush)
        return .started(dropsQueue: !flush)
    }

    // MARK: The socket

    /// A write to the socket failed: the connection is dead, and the next writeable callback
    /// disconnects it.
    public mutating func writeFailed() {
        end(in: .closed)
    }

    /// A writeable callback: what to write now. `queueIsEmpty` is the transport's outbound queue.
    public mutating func writable(queueIsEmpty: Bool) -> WriteTurn {
        switch phase {
        case .open:
            break
        case .closing(let code, let reason, let flush):
            guard flush && !queueIsEmpty else {
                end(in: .closeSent(code))
                return .sendClose(code: code, reason: reason)
            }
        case .closeSent, .peerClosed:
            return .nothing
        case .closed:
            return .disconnect
        }
        if !owedPongs.isEmpty {
            let pong = owedPongs.removeFirst()
            if owedPongs.isEmpty {
                owedPongs = []  // its storage too: a peer pings every few seconds at most
            }
            return .writePong(pong)
        }
        if owesPing {
            // Between two fragments of a message is fine: control frames may interleave.
            owesPing = false
            return .writePing(requestsWritable: !queueIsEmpty || reportsDrain)
        }
        guard queueIsEmpty else { return .writeFrames }
        guard reportsDrain else { return .nothing }
        reportsDrain = false
        return .reportDrain
    }

    /// The frames of a ``WriteTurn/writeFrames`` went out. True: ask for another writeable
    /// callback (more is queued, a drain waits to be reported, or the close frame is due).
    public func framesWritten(queueIsEmpty: Bool) -> Bool {
        !queueIsEmpty || !isOpen || reportsDrain
    }

    /// The peer sent a PING. True: ask for a writeable callback, where its PONG goes out.
    public mutating func pingReceived(payload: [UInt8]) -> Bool {
        guard isOpen else { return false }
        if owedPongs.count == Self.maxOwedPongs {
            owedPongs.removeFirst()
        }
        owedPongs.append(payload)
        return true
    }

    // MARK: Keepalive

    /// The keepalive wants a PING sent. True: ask for a writeable callback, where it goes out.
    public mutating func pingDue() -> Bool {
        guard isOpen else { return false }
        owesPing = true
        return true
    }

    /// No PONG came within the hang-up time: the peer is gone. True: drop the queue and the
    /// connection without a close frame, which the peer would not read.
    public mutating func pongOverdue() -> Bool {
        guard isOpen else { return false }
        end(in: .peerClosed(nil))
        return true
    }

    // MARK: The close handshake

    /// The peer sent a close frame.
    public mutating func peerSentClose(_ close: PeerClose) -> PeerCloseAnswer {
        if case .closeSent = phase { return .completeHandshake }
        switch close {
        case .valid(let code):
            end(in: .peerClosed(code))
            return .echo
        case .invalidReason(let answer):
            end(in: .closeSent(answer))
            return .refuse
        }
    }

    /// libwebsockets failed the connection on its own (reserved bits, a bad opcode, …) and
    /// stored this close code for the close frame it sends: the connection counts as closed
    /// from now on, so nothing of ours follows that frame. True: drop the queue.
    public mutating func libraryClosed(with code: UInt16) -> Bool {
        guard mayBeClosedByLibrary else { return false }
        end(in: .closeSent(code))
        return true
    }

    /// The connection is gone. Returns the close code that was sent or received, if any.
    public mutating func closed() -> UInt16? {
        let code: UInt16? =
            switch phase {
            case .closeSent(let code): code
            case .peerClosed(let code): code
            case .open, .closing, .closed: nil
            }
        end(in: .closed)
        return code
    }

    /// Enters a phase where nothing more is written: what was owed is dropped.
    private mutating func end(in phase: ConnectionPhase) {
        self.phase = phase
        owedPongs = []
        owesPing = false
        reportsDrain = false
    }
}
