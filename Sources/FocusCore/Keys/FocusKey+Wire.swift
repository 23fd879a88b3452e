extension FocusKey {
    /// The key as a wire string: the case name for simple cases (`lastName`), `case/<id>` for
    /// row cases (`row/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55`).
    public var wireString: String {
        let (caseName, rowID) = parts
        guard let rowID else { return caseName }
        return caseName + "/" + rowID.uuidString
    }

    /// Parses a wire string; `nil` if it names no key.
    public init?(wireString: some StringProtocol) {
        if let slash = wireString.firstIndex(of: "/") {
            guard let rowCase = RowCase(rawValue: String(wireString[..<slash])),
                  let id = RowID(wireString[wireString.index(after: slash)...])
            else { return nil }
            self.init(rowCase, id: id)
        } else {
            guard let key = Self.simpleKeys.first(where: { $0.parts.caseName == wireString }) else { return nil }
            self = key
        }
    }

    /// Parses a wire string, or throws `FocusError.unknownKey` naming it.
    public static func parse(_ wireString: String) throws(FocusError) -> FocusKey {
        guard let key = FocusKey(wireString: wireString) else {
            throw .unknownKey(wireString, screen: nil)
        }
        return key
    }
}

extension FocusKey: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let key = FocusKey(wireString: text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "'\(text)' is not a focus key; expected a name like 'lastName' or 'row/<UUID>'."
            ))
        }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireString)
    }
}

extension FocusKey: CodingKeyRepresentable {
    public var codingKey: any CodingKey { WireCodingKey(wireString) }

    public init?<T: CodingKey>(codingKey: T) {
        self.init(wireString: codingKey.stringValue)
    }
}
