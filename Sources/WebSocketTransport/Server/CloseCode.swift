/// A WebSocket close status code (RFC 6455 section 7.4, plus the 4000–4999 private range).
public struct CloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let normal = CloseCode(rawValue: 1000)
    public static let goingAway = CloseCode(rawValue: 1001)
    public static let protocolError = CloseCode(rawValue: 1002)
    public static let unsupportedData = CloseCode(rawValue: 1003)
    public static let invalidPayload = CloseCode(rawValue: 1007)
    public static let policyViolation = CloseCode(rawValue: 1008)
    public static let messageTooBig = CloseCode(rawValue: 1009)
    public static let internalError = CloseCode(rawValue: 1011)

    public var description: String { String(rawValue) }
}
