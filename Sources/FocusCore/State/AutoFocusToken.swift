/// Names one scheduled auto-focus, so a timer that fires after it was cancelled or replaced
/// is recognised as stale and does nothing.
public struct AutoFocusToken: Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { "#\(rawValue)" }
}
