import CLibWebSockets

/// A message (text, or binary) encoded once and shared, read-only, by every connection it is sent to.
///
/// The bytes are stored with the headroom libwebsockets needs in front of them, so a
/// broadcast to a thousand connections costs one allocation and one copy of the payload.
///
/// `@unchecked Sendable`: the payload never changes after `init`. The only writes are the
/// WebSocket frame headers `lws_write` puts into the headroom in front of the bytes it sends;
/// those happen on the server's service thread, one `lws_write` at a time, and each header is
/// finished with before the next connection's write begins, so connections sharing the buffer
/// never see each other's headers. A message therefore belongs to one server.
public final class OutboundMessage: @unchecked Sendable {
    /// The payload length in bytes.
    public let count: Int
    /// A binary message; otherwise the payload is UTF-8 text.
    public let isBinary: Bool
    /// `headroom` bytes for libwebsockets, then the payload. Allocated once, freed with the message.
    private let storage: UnsafeMutableRawPointer

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
    /// last of the message as said. Service thread only. Returns what `lws_write` returned.
    func write(on wsi: OpaquePointer, offset: Int, length: Int, isFirst: Bool, isLast: Bool) -> Int32 {
        let payload = (storage + Self.headroom + offset).assumingMemoryBound(to: UInt8.self)
        let kind = Int32((isBinary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT).rawValue)
        let protocolFlags = lws_write_protocol(rawValue: UInt32(bitPattern: lws_write_ws_flags(kind, isFirst ? 1 : 0, isLast ? 1 : 0)))
        guard offset > 0 else {
            return lws_write(wsi, payload, length, protocolFlags)
        }
        // A continuation frame's headroom is the end of the previous fragment, which other
        // connections may still have to send: keep it and put it back once lws_write has
        // sent or copied the frame.
        let headroom = UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(payload) - Self.headroom, count: Self.headroom)
        let saved = [UInt8](headroom)
        defer { saved.withUnsafeBytes { headroom.copyMemory(from: $0) } }
        return lws_write(wsi, payload, length, protocolFlags)
    }
}
