/// A member's public id within a session (`m3`): what others see in presence, updates and the
/// log. It is assigned by the server and says nothing about the tab's secret client id, so
/// knowing it lets nobody act in that member's name.
public struct MemberID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The id of the `ordinal`-th member to join a session (1-based).
    public init(ordinal: Int) {
        rawValue = "m\(ordinal)"
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
