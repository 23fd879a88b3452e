/// A value with its JSON text, encoded once. A message that carries it through the server's
/// encoder copies the text as it is, so a value many messages share (a snapshot's schema, and
/// its state for every member joining between two changes) costs one encoding, not one a message.
public struct EncodedJSON<Value: Encodable & Equatable & Sendable>: Encodable, Equatable, Sendable {
    public let value: Value
    /// `nil` only if the value could not be encoded; it is then encoded with the message, which
    /// reports the failure.
    private let text: [UInt8]?

    public init(_ value: Value) {
        self.value = value
        text = try? StreamingJSONEncoder().encode(value)
    }

    public func encode(to encoder: any Encoder) throws {
        if let text, let streaming = encoder as? StreamingValueEncoder {
            streaming.write(raw: text)
        } else {
            try value.encode(to: encoder)
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}
