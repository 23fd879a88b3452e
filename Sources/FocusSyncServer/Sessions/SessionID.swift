/// An unguessable session id: 128 random bits in base64url without padding (22 characters).
///
/// Knowing the id is what lets a client in, so it is a capability: logs at `info` show only
/// ``redacted``.
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: String

    /// A fresh id from the system's cryptographic random source.
    static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return SessionID(trusted: base64URL(bytes))
    }

    /// Accepts a client-supplied id only if it has the shape of one (`[A-Za-z0-9_-]{22,64}`).
    init?(_ text: some StringProtocol) {
        guard (22...64).contains(text.utf8.count), text.utf8.allSatisfy(SessionID.isURLSafe) else { return nil }
        rawValue = String(text)
    }

    private init(trusted: String) { rawValue = trusted }

    /// The first four characters and an ellipsis: enough to tell sessions apart in a log.
    var redacted: String { String(rawValue.prefix(4)) + "…" }

    var description: String { redacted }

    static func isURLSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func base64URL(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for byte in chunk { value = value << 8 | UInt32(byte) }
            value <<= UInt32(8 * (3 - chunk.count))
            for position in 0...chunk.count {
                output.append(alphabet[Int(value >> UInt32(18 - 6 * position)) & 0x3f])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
