import CLibWebSockets

/// Close frames (RFC 6455 section 5.5.1): a status code and a short reason.
package enum CloseFrame {
    package static func code(in payload: UnsafeMutableRawPointer?, length: Int) -> CloseCode? {
        guard let payload, length >= 2 else { return nil }
        let bytes = payload.assumingMemoryBound(to: UInt8.self)
        return CloseCode(rawValue: UInt16(bytes[0]) << 8 | UInt16(bytes[1]))
    }

    /// A close reason as libwebsockets sends it: at most 123 bytes, cut at a character boundary.
    static func reasonBytes(_ reason: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in reason.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            guard bytes.count + encoded.count <= 123 else { break }
            bytes.append(contentsOf: encoded)
        }
        return bytes
    }
}

extension CloseFrame {
    /// `LWS_WRITE_CLOSE`, which the header leaves out because `lws_close_reason` usually sends it.
    private static let writeClose = lws_write_protocol(rawValue: 4)

    /// Writes a close frame now. Use in a writeable callback.
    ///
    /// The documented way, `lws_close_reason` and returning -1 from the writeable callback, has
    /// libwebsockets send the frame at a later writeable event; on a libuv loop that event never
    /// comes in 4.1.6 and the peer sees the connection drop without a code. Writing the frame
    /// here sends it at once on both loops. Every close of the server goes this way, including
    /// those for what a peer sent (see `WebSocketConnection.fail`).
    package static func send(code: CloseCode, reason: String, on wsi: OpaquePointer) {
        var frame = [UInt8](repeating: 0, count: OutboundMessage.headroom)
        frame += [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)] + reasonBytes(reason)
        let length = frame.count - OutboundMessage.headroom
        _ = frame.withUnsafeMutableBufferPointer { buffer in
            lws_write(wsi, buffer.baseAddress! + OutboundMessage.headroom, length, writeClose)
        }
    }
}
