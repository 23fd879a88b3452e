import FocusCore

/// The members of one object in the tree ``JSONValueDecoder`` walks, read by name without a
/// `Decoder` for each: for the hand-written readers of values decoded by the hundred thousand.
/// Failures are the `DecodingError`s the `Codable` reading would give, with their coding path.
struct JSONValueFields {
    private let object: JSONObject
    private let decoder: JSONValueDecoding

    init(_ decoder: JSONValueDecoding) throws {
        guard case .object(let object) = decoder.value else { throw decoder.mismatch([String: JSONValue].self) }
        self.object = object
        self.decoder = decoder
    }

    /// The member `key`, which must be there.
    func value(_ key: String) throws -> JSONValue {
        guard let value = object[key] else {
            throw DecodingError.keyNotFound(
                MemberName(key), .init(codingPath: decoder.codingPath, debugDescription: "No member '\(key)'."))
        }
        return value
    }

    /// The decoder of the member `key`, for its own reader or its `Codable` conformance.
    func decoder(_ key: String) throws -> JSONValueDecoding {
        decoder.child(try value(key), key: MemberName(key))
    }

    func string(_ key: String) throws -> String {
        guard case .string(let text) = try value(key) else { throw try decoder(key).mismatch(String.self) }
        return text
    }

    func bool(_ key: String) throws -> Bool {
        guard case .bool(let bool) = try value(key) else { throw try decoder(key).mismatch(Bool.self) }
        return bool
    }

    func integer<T: FixedWidthInteger & Decodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        guard case .integer(let integer) = try value(key), let exact = T(exactly: integer) else {
            return try decoder(key).decode(T.self)
        }
        return exact
    }

    /// Nil when the member is missing or `null`.
    func optionalString(_ key: String) throws -> String? {
        guard let value = object[key], value != .null else { return nil }
        return try string(key)
    }

    /// Nil when the member is missing or `null`.
    func optionalInteger<T: FixedWidthInteger & Decodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        guard let value = object[key], value != .null else { return nil }
        return try integer(key)
    }

    /// A string member read as `T`'s wire text (a focus key, a row id).
    func wire<T: StringCodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        guard let value = T(codedText: try string(key)) else { return try T(from: try decoder(key)) }
        return value
    }
}
