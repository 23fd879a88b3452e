import FocusProtocol

/// Short reads for assertions: `message["state"]["screen"].string`.
extension JSONValue {
    /// Parses text a test received.
    public static func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    public var int: Int? {
        if case .integer(let value) = resolved { return Int(value) }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = resolved { return value }
        return nil
    }

    public var array: [JSONValue] {
        if case .array(let values) = resolved { return values }
        return []
    }

    /// The members of an object, by name (empty for anything else).
    public var members: [String: JSONValue] {
        guard case .object(let object) = resolved else { return [:] }
        return Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    public var isNull: Bool { self == .null }

    public subscript(index: Int) -> JSONValue {
        let values = array
        return values.indices.contains(index) ? values[index] : .null
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String {
        String(decoding: (try? StreamingJSONEncoder().encode(self)) ?? [], as: UTF8.self)
    }
}
