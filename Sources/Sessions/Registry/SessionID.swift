/// An unguessable capability naming a session: a routing key of 8 characters, then random bits
/// in base64url without padding: 128 for an editor id (30 characters), 144 for a viewer
/// capability (32 characters).
///
/// A session has two: the editor id (the session id proper) and the viewer capability. They
/// share the routing key, so a load balancer that hashes the first 8 characters sends both to
/// the same process, but neither secret part can be derived from the other. The viewer
/// capability's length tells a load balancer it is one without asking anyone: HAProxy spreads
/// viewers over every process by their whole capability (docs/SCALING.md). Logs at `info` show
/// only ``redacted``.
public struct SessionID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Characters of the routing key at the front of every id.
    public static let routeLength = 8

    /// A fresh id with a fresh routing key, drawn from `generator`.
    public static func random(using generator: inout some RandomNumberGenerator) -> SessionID {
        random(route: randomText(bytes: 6, using: &generator), using: &generator)
    }

    /// A fresh viewer capability on the routing key of `other` (the session's editor id),
    /// ``viewerLength`` characters long.
    public static func random(sharingRouteWith other: SessionID, using generator: inout some RandomNumberGenerator) -> SessionID {
        random(route: other.route, bytes: 18, using: &generator)
    }

    private static func random(
        route: String, bytes: Int = 16, using generator: inout some RandomNumberGenerator
    ) -> SessionID {
        SessionID(trusted: route + randomText(bytes: bytes, using: &generator))
    }

    /// The length of a viewer capability (an editor id has 30 characters). Sessions stored by an
    /// earlier FocusSync keep 30-character viewer capabilities, which are served as before: by the
    /// process holding the session.
    public static let viewerLength = 32

    /// Whether this has the shape of a viewer capability: one that any process may serve by
    /// following the session's changes, without holding the session.
    public var isViewerShaped: Bool { rawValue.utf8.count == Self.viewerLength }

    /// Accepts a client-supplied id only if it has the shape of one (`[A-Za-z0-9_-]{22,64}`).
    public init?(_ text: some StringProtocol) {
        guard (22...64).contains(text.utf8.count), text.utf8.allSatisfy(SessionID.isURLSafe) else { return nil }
        rawValue = String(text)
    }

    private init(trusted: String) { rawValue = trusted }

    /// The routing key: the first 8 characters.
    public var route: String { String(rawValue.prefix(SessionID.routeLength)) }

    /// The first four characters and an ellipsis: enough to tell sessions apart in a log.
    public var redacted: String { String(rawValue.prefix(4)) + "…" }

    public var description: String { redacted }

    /// `[A-Za-z0-9_-]`.
    public static func isURLSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func randomText(bytes count: Int, using generator: inout some RandomNumberGenerator) -> String {
        base64URL((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

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
