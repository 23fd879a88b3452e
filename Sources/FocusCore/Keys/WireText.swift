/// A value that travels as one string: a JSON string, or the key of a JSON object when it keys
/// a dictionary (`{"firstName": "Ada"}` rather than an array of pairs).
public protocol WireText: Codable, CodingKeyRepresentable {
    /// The value read from its wire string, or nil when the text names no such value.
    init?(wireText: String)
    /// The wire string.
    var wireText: String { get }
    /// What a valid wire string looks like, for the decoding error.
    static var wireTextExample: String { get }
}

extension WireText {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(wireText: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text)' is not valid here; expected \(Self.wireTextExample)."
                ))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireText)
    }

    public var codingKey: any CodingKey { WireCodingKey(wireText) }

    public init?<T: CodingKey>(codingKey: T) {
        self.init(wireText: codingKey.stringValue)
    }
}
