/// A focus key, field or screen a lesson goal names, matched by name so that random row ids
/// never matter: `"name"` matches the key `name`, `"row"` matches `row/<any row id>`, `"gift"`
/// matches the screen `gift`. On the wire it is that string, or `null` for ``nothing``.
public enum NamePattern: Equatable, Sendable {
    /// No focus, no focused field, no first invalid field.
    case nothing
    /// A case, field or screen name; a row id after it is ignored.
    case named(String)

    /// Whether `name` (a key's wire string, a field name or a screen id; `nil` for none) matches.
    func matches(_ name: String?) -> Bool {
        switch self {
        case .nothing: name == nil
        case .named(let expected): name.map { $0.prefix { $0 != "/" } == expected } ?? false
        }
    }
}

extension NamePattern: ExpressibleByStringLiteral {
    /// A name: `to: "lastName"`.
    public init(stringLiteral name: String) {
        self = .named(name)
    }
}

extension NamePattern: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .nothing : .named(try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .nothing: try container.encodeNil()
        case .named(let name): try container.encode(name)
        }
    }
}

extension KeyedDecodingContainer {
    /// A pattern member: absent means "any" (`nil`), `null` means ``NamePattern/nothing``.
    func decodeNamePattern(forKey key: Key) throws -> NamePattern? {
        contains(key) ? try decode(NamePattern.self, forKey: key) : nil
    }
}
