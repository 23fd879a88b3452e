/// The status code at the start of a close frame's payload (RFC 6455 section 5.5.1).
enum CloseFrame {
    static func code(in payload: UnsafeMutableRawPointer?, length: Int) -> CloseCode? {
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
