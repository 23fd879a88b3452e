import CLibWebSockets
import Locking
import TransportWire
import WebSocketTransport

/// One client connection of a ``WebSocketClientLoop``.
///
/// Every method may be called from any thread: on the service thread it acts at once,
/// elsewhere it is queued there (`execute` plus `lws_cancel_service`).
///
/// `@unchecked Sendable`: the mutable state is confined to the loop's service thread.
public final class WebSocketClientConnection: @unchecked Sendable {
    /// What a client connection reports, in this order: `.opened` or `.failed`, then any
    /// number of `.text`, then `.closed` (never after `.failed`).
    public enum Event: Sendable, Equatable {
        /// The handshake completed; the server accepted this subprotocol.
        case opened(subprotocol: String?)
        /// A complete text message (fragments reassembled). Binary messages are ignored.
        case text([UInt8])
        /// The connection is gone: the close code the server sent, if any.
        case closed(CloseCode?)
        /// The connection could not be made or the server refused the upgrade
        /// (the HTTP status is in the message).
        case failed(TransportError)
    }

    struct Target {
        let host: String
        let port: Int
        let path: String
        let subprotocol: String?
        let origin: String?
    }

    /// Unique within the process.
    public let id: UInt64

    private static let lastID = Locked<UInt64>(0)

    private unowned let loop: WebSocketClientLoop
    private let onEvent: @Sendable (WebSocketClientConnection, Event) -> Void

    // Service thread.
    private var wsi: OpaquePointer?
    private var frames: [Frame] = []
    private var closeCode: CloseCode?
    private var isReading = true
    private var isFinished = false
    private var assembler = MessageAssembler(maxBytes: .max, maxFragments: .max)
    private(set) var receivedCloseCode: CloseCode?
    /// From the handshake response, reported with `.opened`.
    var acceptedSubprotocol: String?

    /// One frame to send: `LWS_PRE` bytes of headroom, then the payload (which libwebsockets
    /// masks in place, so every frame owns its buffer).
    private struct Frame {
        var buffer: [UInt8]
        let flags: Int32

        init(payload: some Collection<UInt8>, flags: Int32) {
            buffer = [UInt8](repeating: 0, count: OutboundMessage.headroom)
            buffer.append(contentsOf: payload)
            self.flags = flags
        }
    }

    init(loop: WebSocketClientLoop, onEvent: @escaping @Sendable (WebSocketClientConnection, Event) -> Void) {
        id = Self.lastID.withLock { last in
            last += 1
            return last
        }
        self.loop = loop
        self.onEvent = onEvent
    }

    /// Sends one text message.
    public func send(_ text: String) {
        send(utf8: Array(text.utf8))
    }

    /// Sends one text message from UTF-8 bytes.
    public func send(utf8 bytes: [UInt8]) {
        enqueue([Frame(payload: bytes, flags: Self.flags(LWS_WRITE_TEXT, first: true, last: true))])
    }

    /// Sends one text message split into fragments of `fragmentBytes` (continuation frames).
    public func sendFragmented(_ text: String, fragmentBytes: Int) {
        let bytes = Array(text.utf8)
        let size = max(1, fragmentBytes)
        let starts = Array(stride(from: 0, to: max(bytes.count, 1), by: size))
        enqueue(
            starts.map { start in
                Frame(
                    payload: bytes[start..<min(bytes.count, start + size)],
                    flags: Self.flags(LWS_WRITE_TEXT, first: start == 0, last: start == starts.last))
            })
    }

    /// Sends one binary message.
    public func sendBinary(_ bytes: [UInt8]) {
        enqueue([Frame(payload: bytes, flags: Self.flags(LWS_WRITE_BINARY, first: true, last: true))])
    }

    /// Sends raw bytes as a text frame without checking UTF-8 (to test the server's check).
    public func sendInvalidUTF8Text(_ bytes: [UInt8]) {
        send(utf8: bytes)
    }

    /// Stops reading from the socket (to simulate a client that never reads) or resumes.
    public func setReading(_ reading: Bool) {
        loop.perform { [self] in
            isReading = reading
            if let wsi {
                _ = lws_rx_flow_control(wsi, reading ? 1 : 0)
            }
        }
    }

    /// Sends a close frame with `code` after what is already queued.
    public func close(code: CloseCode = .normal) {
        loop.perform { [self] in
            guard !isFinished, closeCode == nil else { return }
            closeCode = code
            if let wsi {
                lws_callback_on_writable(wsi)
            }
        }
    }

    // MARK: libwebsockets events (service thread)

    func didOpen(_ wsi: OpaquePointer) {
        self.wsi = wsi
        if !isReading {
            _ = lws_rx_flow_control(wsi, 0)
        }
        if !frames.isEmpty || closeCode != nil {
            lws_callback_on_writable(wsi)
        }
        onEvent(self, .opened(subprotocol: acceptedSubprotocol))
    }

    func receive(_ wsi: OpaquePointer, _ piece: UnsafeRawBufferPointer) {
        guard lws_frame_is_binary(wsi) == 0,
            case .complete(_, let text) = assembler.append(
                piece, kind: .text, endsFrame: lws_remaining_packet_payload(wsi) == 0,
                endsMessage: lws_is_final_fragment(wsi) != 0)
        else { return }
        onEvent(self, .text(text))
    }

    /// One frame per writeable callback; the close frame once the queue is empty.
    func writeNext(_ wsi: OpaquePointer) -> Int32 {
        guard !frames.isEmpty else {
            guard let closeCode else { return 0 }
            CloseFrame.send(code: closeCode, reason: "", on: wsi)
            return -1
        }
        var frame = frames.removeFirst()
        let length = frame.buffer.count - OutboundMessage.headroom
        let written = frame.buffer.withUnsafeMutableBufferPointer { buffer in
            lws_write(
                wsi, buffer.baseAddress! + OutboundMessage.headroom, length,
                lws_write_protocol(rawValue: UInt32(bitPattern: frame.flags)))
        }
        guard written >= length else { return -1 }
        if !frames.isEmpty || closeCode != nil {
            lws_callback_on_writable(wsi)
        }
        return 0
    }

    func peerDidClose(code: CloseCode?) {
        receivedCloseCode = code
    }

    /// Reports the last event once and lets the loop forget the connection.
    func finish(_ event: Event) {
        guard !isFinished else { return }
        isFinished = true
        wsi = nil
        frames.removeAll()
        loop.forget(self)
        onEvent(self, event)
    }

    private func enqueue(_ newFrames: [Frame]) {
        loop.perform { [self] in
            guard !isFinished, closeCode == nil else { return }
            frames.append(contentsOf: newFrames)
            if let wsi {
                lws_callback_on_writable(wsi)
            }
        }
    }

    private static func flags(_ kind: lws_write_protocol, first: Bool, last: Bool) -> Int32 {
        lws_write_ws_flags(Int32(kind.rawValue), first ? 1 : 0, last ? 1 : 0)
    }
}
