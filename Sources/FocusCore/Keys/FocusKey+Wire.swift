extension FocusKey {
    /// The key as a wire string: the case name for simple cases (`lastName`), `case/<id>` for
    /// row cases (`row/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55`).
    public var wireString: String {
        guard let rowID else { return focusCase.rawValue }
        return focusCase.rawValue + "/" + rowID.uuidString
    }

    /// Parses a wire string of a key's shape; `nil` if it cannot be a key. Whether a screen has a
    /// field bound to it is the engine's question (`unknown_key`).
    public init?(wireString: String) {
        guard let slash = wireString.firstIndex(of: "/") else {
            guard FocusCase.isValidName(wireString) else { return nil }
            self.init(FocusCase(rawValue: String(wireString)))
            return
        }
        let name = wireString[..<slash]
        guard FocusCase.isValidName(name), let id = RowID(wireString[wireString.index(after: slash)...]) else { return nil }
        self.init(FocusCase(rawValue: String(name)), id: id)
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
