import FocusCore

extension AckReason {
    /// The reason as an `ack` message spells it (`{"type":"ack","seq":4,"reason":"unchanged"}`).
    public var wireName: String {
        switch self {
        case .unchanged: "unchanged"
        case .duplicate: "duplicate"
        }
    }

    /// The reason spelled `wireName`, or nil when no reason is spelled so.
    public init?(wireName: String) {
        guard let reason = Self.allCases.first(where: { $0.wireName == wireName }) else { return nil }
        self = reason
    }
}
