import CLibWebSockets
import Synchronization

/// A message (text, or binary) encoded once and shared, read-only, by every connection it is sent to.
///
/// The bytes are stored with the headroom libwebsockets needs in front of them, so a
/// broadcast to a thousand connections costs one allocation and one copy of the payload.
///
/// `@unchecked Sendable`: the payload never changes after `init`. The only writes are the
/// WebSocket frame headers `lws_write` puts into the headroom in front of the bytes it sends.
/// The first server (service loop) to send the message owns that headroom: its writes happen on
/// its service thread one at a time, each header finished with before the next write begins.
/// Any other server, and every continuation frame of a large message (whose headroom would be
/// payload), sends from a copy, so a message shared between servers (a `static let`, or one
/// handed to two servers) is safe, and costs a copy only there.
public final class OutboundMessage: @unchecked Sendable {
    /// The payload length in bytes.
    public let count: Int
    /// A binary message; otherwise the payload is UTF-8 text.
    public let isBinary: Bool
    /// `headroom` bytes for libwebsockets, then the payload. Allocated once, freed with the message.
    private let storage: UnsafeMutableRawPointer
    /// The ``ServiceLoop/id`` of the loop that writes in place; 0 until one does.
    private let owner = Atomic<UInt64>(0)

    /// `LWS_PRE`.
    package static let headroom = focussync_lws_pre()

    public convenience init(text: String) {
        self.init(utf8: Array(text.utf8))
    }

    /// A text message from its UTF-8 bytes (not checked).
    public convenience init(utf8 bytes: [UInt8]) {
        self.init(bytes, isBinary: false)
    }

    /// A binary message.
    public convenience init(binary bytes: [UInt8]) {
        self.init(bytes, isBinary: true)
    }

    private init(_ bytes: [UInt8], isBinary: Bool) {
        count = bytes.count
        self.isBinary = isBinary
        storage = .allocate(byteCount: Self.headroom + bytes.count, alignment: 16)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress {
                (storage + Self.headroom).copyMemory(from: base, byteCount: bytes.count)
            }
        }
    }

    deinit {
        storage.deallocate()
    }

    /// Writes `length` payload bytes starting at `offset` as one WebSocket frame, the first and
    /// last of the message as said, for the service loop `loop` (on its thread). Returns what
    /// `lws_write` returned.
    func write(on wsi: OpaquePointer, loop: UInt64, offset: Int, length: Int, isFirst: Bool, isLast: Bool) -> Int32 {
        let kind = Int32((isBinary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT).rawValue)
        let protocolFlags = lws_write_protocol(
            rawValue: UInt32(bitPattern: lws_write_ws_flags(kind, isFirst ? 1 : 0, isLast ? 1 : 0)))
        // In place only into the message's own headroom, by its owner. A continuation frame's
        // headroom would be the end of the previous fragment, which another server may be
        // reading at that moment: those frames, and every frame of a non-owner, go from a copy.
        guard offset == 0, owns(loop) else {
            let copy = UnsafeMutableRawPointer.allocate(byteCount: Self.headroom + length, alignment: 16)
            defer { copy.deallocate() }
            (copy + Self.headroom).copyMemory(from: storage + Self.headroom + offset, byteCount: length)
            return lws_write(wsi, (copy + Self.headroom).assumingMemoryBound(to: UInt8.self), length, protocolFlags)
        }
        return lws_write(wsi, (storage + Self.headroom).assumingMemoryBound(to: UInt8.self), length, protocolFlags)
    }

    /// True when `loop` may write into the headroom: it owns the message, or now claims it.
    func owns(_ loop: UInt64) -> Bool {
        let current = owner.load(ordering: .relaxed)
        if current == loop { return true }
        return current == 0 && owner.compareExchange(expected: 0, desired: loop, ordering: .relaxed).exchanged
    }
}
