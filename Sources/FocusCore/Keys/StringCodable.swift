/// A value FocusCore's own encodings (the stored state, the snapshot) write as one string: a JSON
/// string, or the key of a JSON object when it keys a dictionary (`{"firstName": "Ada"}` rather
/// than an array of pairs). The messages around them are FocusProtocol's.
public protocol StringCodable: Codable, CodingKeyRepresentable {
    /// The value read from its text, or nil when the text names no such value.
    init?(codedText: String)
    /// The text it is written as.
    var codedText: String { get }
    /// What a valid text looks like, for the decoding error.
    static var codedTextExample: String { get }
}

extension StringCodable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(codedText: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text)' is not valid here; expected \(Self.codedTextExample)."
                ))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(codedText)
    }

    public var codingKey: any CodingKey { StringCodingKey(codedText) }

    public init?<T: CodingKey>(codingKey: T) {
        self.init(codedText: codingKey.stringValue)
    }
}
