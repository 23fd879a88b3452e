/// A JSON value: what a client sent, or a piece the server builds (a merge patch). Objects keep
/// their members in the order they were written.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
    /// A value's JSON text as the server's encoder wrote it (``init(encoding:)``): a message that
    /// carries it copies the text instead of writing the value again. Reading it (``resolved``)
    /// parses it; it equals the value it holds.
    case text([UInt8])

    /// This value with `.text` read into the value it holds (a text that does not parse reads as
    /// `null`; the server's encoder writes none); any other value as it is.
    public var resolved: JSONValue {
        guard case .text(let text) = self else { return self }
        return (try? JSONParser.parse(text, depthLimit: JSONValue.writtenDepthLimit)) ?? .null
    }

    /// How deeply text the server wrote itself may nest when read back.
    static let writtenDepthLimit = 4_096

    /// The member `key` of an object; `null` for a missing member or a value that is not an object.
    public subscript(key: String) -> JSONValue {
        if case .object(let object) = self { return object[key] ?? .null }
        if case .text = self { return resolved[key] }
        return .null
    }

    /// The text of a string value.
    public var string: String? {
        if case .string(let text) = self { return text }
        if case .text = self { return resolved.string }
        return nil
    }
}

extension JSONValue: Equatable {
    /// Values are equal when they hold the same JSON, whether written out or kept as `.text`.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        case (.text(let left), .text(let right)) where left == right: true
        case (.text, _), (_, .text): lhs.resolved == rhs.resolved
        default: false
        }
    }
}

/// The members of a JSON object, in order. Member names are unique (the parser refuses repeats).
public struct JSONObject: Equatable, Sendable {
    public private(set) var members: [(key: String, value: JSONValue)]

    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of `key`; setting one replaces it in place or appends it.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    public var isEmpty: Bool { members.isEmpty }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension JSONValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        // The server's own encoder takes the whole tree at once (a patch is most of an update).
        if let streaming = encoder as? StreamingValueEncoder {
            try streaming.write(self)
            return
        }
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let object):
            var container = encoder.container(keyedBy: MemberName.self)
            for (key, value) in object.members { try container.encode(value, forKey: MemberName(key)) }
        case .text:
            try resolved.encode(to: encoder)
        }
    }
}

/// A member name as a coding key.
struct MemberName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
}

extension JSONValue {
    /// `value` as its `Encodable` conformance writes it (for building patches out of model types).
    public init(encoding value: some Encodable) {
        // Encoding our own model types cannot fail, and what the encoder writes always parses.
        self = (try? StreamingJSONEncoder().encode(value)).flatMap { try? JSONParser.parse($0) } ?? .null
    }

    /// `value` as its `Encodable` conformance writes it, kept as that text (``text(_:)``): for a
    /// piece of a message on the path of every change, which the message then copies as it is
    /// instead of the text being read into values and written again.
    public init(writing value: some Encodable) {
        // Encoding our own model types cannot fail (only a non-finite number could).
        self = (try? StreamingJSONEncoder().encode(value)).map { .text($0) } ?? .null
    }
}
