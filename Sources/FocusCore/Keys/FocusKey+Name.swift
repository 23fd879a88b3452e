extension FocusKey {
    /// The key's name, as Swift source, the snapshot and error messages spell it: the case name
    /// for simple cases (`lastName`), `case/<id>` for row cases
    /// (`row/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55`).
    public var name: String {
        guard let rowID else { return focusCase.rawValue }
        return focusCase.rawValue + "/" + rowID.uuidString
    }

    /// Reads a key's name; `nil` if the text cannot be a key. Whether a screen has a
    /// control called so is the program's question (`unknown_key`).
    public init?(name: String) {
        // Found in the UTF-8 view: every intent names a key, and a `Character` search would
        // break the text into grapheme clusters first.
        guard let slash = name.utf8.firstIndex(of: UInt8(ascii: "/")) else {
            guard FocusCase.isValidName(name) else { return nil }
            self.init(FocusCase(rawValue: name))
            return
        }
        let caseName = name[..<slash]
        guard FocusCase.isValidName(caseName), let id = RowID(name[name.utf8.index(after: slash)...]) else { return nil }
        self.init(FocusCase(rawValue: String(caseName)), id: id)
    }

    /// Reads a key's name, or throws `FocusError.unknownKey` naming it.
    public static func parse(_ name: String) throws(FocusError) -> FocusKey {
        guard let key = FocusKey(name: name) else {
            throw .unknownKey(name, screen: nil)
        }
        return key
    }
}

extension FocusKey: StringCodable {
    public init?(codedText: String) { self.init(name: codedText) }
    public var codedText: String { name }
    public static var codedTextExample: String { "a focus key like 'lastName' or 'row/<UUID>'" }
}
