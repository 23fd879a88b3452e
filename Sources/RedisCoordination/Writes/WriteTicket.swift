/// The place of one write in this coordinator's order; tickets only grow.
public struct WriteTicket: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public static func < (lhs: WriteTicket, rhs: WriteTicket) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "write #\(rawValue)" }
}
