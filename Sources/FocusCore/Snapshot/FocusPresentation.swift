/// What a screen shows while its focus value is one particular key (or `nil`): the field that
/// shows focus, the value as Swift code spells and prints it, the keyboard toolbar and the
/// focused row. A snapshot carries one for every value the focus can take, so a client looks
/// up what to show instead of working it out, and a focus change needs to send only the value.
public struct FocusPresentation: Codable, Equatable, Sendable {
    /// The field that shows focus: a field id, or a row key string for row fields; `nil` when
    /// no field is bound to the key.
    public var focusedField: String?
    /// The value as Swift source names it: `.lastName`, `.row(id: …)` or `nil`.
    public var focusSwift: String
    /// What `print(focus)` writes: `Optional(FocusSync.ProfileForm.Field.lastName)` or `nil`.
    public var focusPrinted: String
    /// The keyboard toolbar's buttons, on screens that have one.
    public var toolbar: ToolbarState?
    /// The row one of whose fields the key names, on screens with lists.
    public var focusedRow: RowID?
    /// The label a person reads for the field the key names (`Address`, `Email 2`); `nil` for
    /// no focus and for a key no field is declared with.
    public var label: String?

    /// The member of a screen's `byFocus` table that stands for no focus. No case can be named
    /// so (``FocusCase/isValidName(_:)``).
    public static let noFocus = "nil"

    /// The member of a `byFocus` table that describes the focus value `key`.
    public static func tableKey(_ key: FocusKey?) -> String {
        key?.name ?? noFocus
    }

    private enum CodingKeys: String, CodingKey { case focusedField, focusSwift, focusPrinted, toolbar, focusedRow, label }

    /// `focusedField` is written as `null` when no field shows focus; `toolbar`, `focusedRow`
    /// and `label` only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(focusedField, forKey: .focusedField)
        try container.encode(focusSwift, forKey: .focusSwift)
        try container.encode(focusPrinted, forKey: .focusPrinted)
        try container.encodeIfPresent(toolbar, forKey: .toolbar)
        try container.encodeIfPresent(focusedRow, forKey: .focusedRow)
        try container.encodeIfPresent(label, forKey: .label)
    }
}
