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

extension FocusKey: WireText {
    public init?(wireText: String) { self.init(wireString: wireText) }
    public var wireText: String { wireString }
    public static var wireTextExample: String { "a focus key like 'lastName' or 'row/<UUID>'" }
}
