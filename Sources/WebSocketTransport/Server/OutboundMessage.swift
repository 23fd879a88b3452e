import CLibWebSockets

/// A text message encoded once and shared, read-only, by every connection it is sent to.
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
    /// The UTF-8 payload length in bytes.
    public let count: Int
    /// `headroom` bytes for libwebsockets, then the payload. Allocated once, freed with the message.
    private let storage: UnsafeMutableRawPointer

    /// `LWS_PRE`.
    package static let headroom = focussync_lws_pre()

    public convenience init(text: String) {
        self.init(utf8: Array(text.utf8))
    }

    public init(utf8 bytes: [UInt8]) {
        count = bytes.count
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

    /// Writes `length` payload bytes starting at `offset` as one WebSocket frame with `flags`.
    /// Service thread only. Returns what `lws_write` returned.
    func write(on wsi: OpaquePointer, offset: Int, length: Int, flags: Int32) -> Int32 {
        let payload = (storage + Self.headroom + offset).assumingMemoryBound(to: UInt8.self)
        let protocolFlags = lws_write_protocol(rawValue: UInt32(bitPattern: flags))
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
