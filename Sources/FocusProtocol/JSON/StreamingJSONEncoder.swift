/// Encodes any `Encodable` value straight into JSON text in one pass.
///
/// Foundation's `JSONEncoder` first builds a tree of boxed values and dictionaries and then
/// serialises it; for the small messages the server sends many times a second that was most of
/// the cost of an intent. This encoder writes each value where it stands: no tree, no
/// dictionaries, no dynamic casts. Object keys come out in the order they are encoded. Strings
/// are escaped as JSON requires (quote, backslash, control characters); `/` and non-ASCII text
/// are written as they are. Non-finite floating-point numbers cannot be encoded.
///
/// Values are written in order, so a nested container is finished once its parent (or any
/// container further out) writes its next element; every `Encodable` that encodes its children
/// one after the other, as synthesized conformances do, is encoded exactly. Coding paths are
/// not tracked (they are always empty): keeping them cost an array per container, and only
/// error messages ever read them.
public struct StreamingJSONEncoder {
    public init() {}

    /// The UTF-8 JSON text of `value`.
    public func encode(_ value: some Encodable) throws -> [UInt8] {
        let output = JSONOutput()
        try output.encode(value)
        return output.bytes
    }
}

/// The encoder handed to one value's `encode(to:)`; it is also the value's single-value container.
final class StreamingValueEncoder: Encoder, SingleValueEncodingContainer {
    private let output: JSONOutput
    /// Index in the output's stack of open containers that this value's own container takes.
    private let level: Int
    /// The keyed container this value opened, so asking for it again continues the same object.
    @exclusivity(unchecked) private var opensObject = false

    init(output: JSONOutput, level: Int) {
        self.output = output
        self.level = level
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if !opensObject {
            opensObject = true
            output.open(object: true)
        }
        return KeyedEncodingContainer(StreamingKeyedContainer<Key>(output: output, level: level))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        output.open(object: false)
        return StreamingUnkeyedContainer(output: output, level: level)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() { output.writeNull() }
    func encode(_ value: Bool) { output.write(value) }
    func encode(_ value: String) { output.write(value) }
    func encode(_ value: Double) throws { try output.write(value) }
    /// A JSON value in one go (see `JSONValue.encode(to:)`).
    func write(_ value: JSONValue) throws { try output.write(json: value) }
    /// A log entry in one go (see `LogEntry.encode(to:)`).
    func write(entry: LogEntry) throws { try output.write(entry: entry) }
    /// JSON text encoded before (see `EncodedJSON`).
    func write(raw text: [UInt8]) { output.write(raw: text) }
    func encode(_ value: Float) throws { try output.write(Double(value)) }
    func encode(_ value: Int) { output.write(value) }
    func encode(_ value: Int8) { output.write(value) }
    func encode(_ value: Int16) { output.write(value) }
    func encode(_ value: Int32) { output.write(value) }
    func encode(_ value: Int64) { output.write(value) }
    func encode(_ value: UInt) { output.write(value) }
    func encode(_ value: UInt8) { output.write(value) }
    func encode(_ value: UInt16) { output.write(value) }
    func encode(_ value: UInt32) { output.write(value) }
    func encode(_ value: UInt64) { output.write(value) }
    func encode<T: Encodable>(_ value: T) throws { try output.encode(value) }
}
