/// The number ``StorageWriter/submit(_:)`` gives a submission: 1, 2, 3… in submission order, so a
/// commit report "through ticket N" covers every submission up to N.
public struct StorageTicket: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let number: UInt64

    public init(_ number: UInt64) {
        self.number = number
    }

    public static func < (lhs: StorageTicket, rhs: StorageTicket) -> Bool {
        lhs.number < rhs.number
    }

    public var description: String { "#\(number)" }
}
