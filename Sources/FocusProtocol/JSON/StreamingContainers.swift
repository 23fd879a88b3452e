/// A JSON object being written by a ``StreamingJSONEncoder``.
struct StreamingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: JSONOutput
    /// The object's index in the output's stack of open containers.
    let level: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) {
        output.beginMember(at: level, key: key)
        output.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) {
        output.beginMember(at: level, key: key)
        output.write(value)
    }

    mutating func encode(_ value: String, forKey key: Key) {
        output.beginMember(at: level, key: key)
        output.write(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        output.beginMember(at: level, key: key)
        try output.write(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encode(Double(value), forKey: key)
    }

    mutating func encode(_ value: Int, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { integer(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        output.beginMember(at: level, key: key)
        try output.encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        output.beginMember(at: level, key: key)
        output.open(object: true)
        return KeyedEncodingContainer(StreamingKeyedContainer<NestedKey>(output: output, level: level + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        output.beginMember(at: level, key: key)
        output.open(object: false)
        return StreamingUnkeyedContainer(output: output, level: level + 1)
    }

    /// The returned encoder must be used before this object's next member.
    mutating func superEncoder() -> any Encoder {
        superEncoder(forKey: Key(stringValue: "super")!)
    }

    /// The returned encoder must be used before this object's next member.
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        output.beginMember(at: level, key: key)
        return StreamingValueEncoder(output: output, level: level + 1)
    }

    private func integer(_ value: some BinaryInteger, _ key: Key) {
        output.beginMember(at: level, key: key)
        output.write(value)
    }
}

/// A JSON array being written by a ``StreamingJSONEncoder``.
struct StreamingUnkeyedContainer: UnkeyedEncodingContainer {
    let output: JSONOutput
    /// The array's index in the output's stack of open containers.
    let level: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(output: JSONOutput, level: Int) {
        self.output = output
        self.level = level
    }

    private mutating func next() {
        output.beginElement(at: level)
        count += 1
    }

    mutating func encodeNil() {
        next()
        output.writeNull()
    }

    mutating func encode(_ value: Bool) {
        next()
        output.write(value)
    }

    mutating func encode(_ value: String) {
        next()
        output.write(value)
    }

    mutating func encode(_ value: Double) throws {
        next()
        try output.write(value)
    }

    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) { integer(value) }
    mutating func encode(_ value: Int8) { integer(value) }
    mutating func encode(_ value: Int16) { integer(value) }
    mutating func encode(_ value: Int32) { integer(value) }
    mutating func encode(_ value: Int64) { integer(value) }
    mutating func encode(_ value: UInt) { integer(value) }
    mutating func encode(_ value: UInt8) { integer(value) }
    mutating func encode(_ value: UInt16) { integer(value) }
    mutating func encode(_ value: UInt32) { integer(value) }
    mutating func encode(_ value: UInt64) { integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        next()
        try output.encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next()
        output.open(object: true)
        return KeyedEncodingContainer(StreamingKeyedContainer<NestedKey>(output: output, level: level + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        next()
        output.open(object: false)
        return StreamingUnkeyedContainer(output: output, level: level + 1)
    }

    /// The returned encoder must be used before this array's next element.
    mutating func superEncoder() -> any Encoder {
        next()
        return StreamingValueEncoder(output: output, level: level + 1)
    }

    private mutating func integer(_ value: some BinaryInteger) {
        next()
        output.write(value)
    }
}
