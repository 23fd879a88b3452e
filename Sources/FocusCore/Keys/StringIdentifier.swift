/// A name that identifies something in a schema (a screen, a list, a field), written on the
/// wire as the bare string.
///
/// Conforming types get their `Codable` and `CodingKeyRepresentable` behaviour from the
/// standard library's defaults for string-backed `RawRepresentable` types.
public protocol StringIdentifier: RawRepresentable, Hashable, Sendable, Codable,
    CodingKeyRepresentable, ExpressibleByStringLiteral, CustomStringConvertible
where RawValue == String {
    init(rawValue: String)
}

extension StringIdentifier {
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    public var description: String { rawValue }
}
