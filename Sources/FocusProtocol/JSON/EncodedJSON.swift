/// A value's JSON text, encoded once. A message that carries it through the server's encoder
/// copies the text as it is, so a value many messages share (a snapshot's state, for every
/// member joining between two changes) costs one encoding, not one a message, and is
/// kept as its text alone.
public struct EncodedJSON<Value: Codable & Sendable>: Encodable, Equatable, Sendable {
    /// The JSON text; empty if the value could not be encoded (only a non-finite number can
    /// fail), and then a message that carries it fails to encode.
    public let text: [UInt8]

    public init(_ value: Value) {
        text = (try? StreamingJSONEncoder().encode(value)) ?? []
    }

    /// The value the text holds, read back.
    public func decoded() throws -> Value {
        try JSONValueDecoder().decode(Value.self, from: text)
    }

    public func encode(to encoder: any Encoder) throws {
        guard !text.isEmpty else {
            throw EncodingError.invalidValue(
                text, .init(codingPath: encoder.codingPath, debugDescription: "The value could not be encoded."))
        }
        if let streaming = encoder as? StreamingValueEncoder {
            streaming.write(raw: text)
        } else {
            try decoded().encode(to: encoder)
        }
    }
}
