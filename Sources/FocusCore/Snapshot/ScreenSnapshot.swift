/// One screen's state in protocol v1's wire shape, with what can be derived from it (which
/// field shows focus, the Swift spelling, bindings, diagnostics). Encode it with any
/// `Encoder`: absent values are written as `null`, as the protocol shows them.
public struct ScreenSnapshot: Equatable, Sendable {
    /// The focus value.
    public var focus: FocusKey?
    /// The field that shows focus: a field id, or a row key string for row fields.
    public var focusedField: String?
    /// `focus` as Swift source names it: `.lastName`, `.row(id: …)` or `nil`.
    public var focusSwift: String
    /// What `print(focus)` writes: `Optional(FocusSync.ProfileForm.Field.lastName)` or `nil`.
    public var focusPrinted: String
    /// Every field's text, by key.
    public var values: [FocusKey: String]
    /// Errors from the last validation, by key.
    public var errors: [FocusKey: String]
    /// Keys whose error predates a later change of their text, in wire-string order.
    public var staleErrors: [FocusKey]
    /// Each list's row ids in order.
    public var rows: [ListID: [RowID]]
    /// Rendered notes by row; the core leaves this `nil` for the server to fill in, and it is
    /// encoded only when set.
    public var notesHTML: [RowID: String]?
    /// The simple fields and the keys they are bound to, in screen order.
    public var bindings: [BindingEntry]
    /// Problems with the bindings.
    public var diagnostics: [Diagnostic]
    /// The key a pending timer will focus, if any.
    public var pendingAutoFocus: FocusKey?
    /// The last validation's result; `nil` if something changed since.
    public var validation: ValidationResult?
    /// The row one of whose fields has focus.
    public var focusedRow: RowID?
    /// The keyboard toolbar's buttons, on screens that have one.
    public var toolbar: ToolbarState?
}

extension ScreenSnapshot: Codable {
    private enum CodingKeys: String, CodingKey {
        case focus, focusedField, focusSwift, focusPrinted, values, errors, staleErrors, rows, notesHTML, bindings
        case diagnostics, pendingAutoFocus, validation, focusedRow, toolbar
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(focus, forKey: .focus)
        try container.encode(focusedField, forKey: .focusedField)
        try container.encode(focusSwift, forKey: .focusSwift)
        try container.encode(focusPrinted, forKey: .focusPrinted)
        try container.encode(values, forKey: .values)
        try container.encode(errors, forKey: .errors)
        try container.encode(staleErrors, forKey: .staleErrors)
        try container.encode(rows, forKey: .rows)
        try container.encodeIfPresent(notesHTML, forKey: .notesHTML)
        try container.encode(bindings, forKey: .bindings)
        try container.encode(diagnostics, forKey: .diagnostics)
        try container.encode(pendingAutoFocus, forKey: .pendingAutoFocus)
        try container.encode(validation, forKey: .validation)
        try container.encode(focusedRow, forKey: .focusedRow)
        try container.encodeIfPresent(toolbar, forKey: .toolbar)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        focus = try container.decodeIfPresent(FocusKey.self, forKey: .focus)
        focusedField = try container.decodeIfPresent(String.self, forKey: .focusedField)
        focusSwift = try container.decode(String.self, forKey: .focusSwift)
        focusPrinted = try container.decode(String.self, forKey: .focusPrinted)
        values = try container.decode([FocusKey: String].self, forKey: .values)
        errors = try container.decode([FocusKey: String].self, forKey: .errors)
        staleErrors = try container.decode([FocusKey].self, forKey: .staleErrors)
        rows = try container.decode([ListID: [RowID]].self, forKey: .rows)
        notesHTML = try container.decodeIfPresent([RowID: String].self, forKey: .notesHTML)
        bindings = try container.decode([BindingEntry].self, forKey: .bindings)
        diagnostics = try container.decode([Diagnostic].self, forKey: .diagnostics)
        pendingAutoFocus = try container.decodeIfPresent(FocusKey.self, forKey: .pendingAutoFocus)
        validation = try container.decodeIfPresent(ValidationResult.self, forKey: .validation)
        focusedRow = try container.decodeIfPresent(RowID.self, forKey: .focusedRow)
        toolbar = try container.decodeIfPresent(ToolbarState.self, forKey: .toolbar)
    }
}
