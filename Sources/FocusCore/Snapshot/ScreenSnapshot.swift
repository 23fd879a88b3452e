/// One screen's state in the protocol's wire shape, with what can be derived from it (what each
/// focus value shows, bindings, diagnostics). Encode it with any `Encoder`: absent values are
/// written as `null`, as the protocol shows them.
public struct ScreenSnapshot: Equatable, Sendable {
    /// The focus value.
    public var focus: FocusKey?
    /// What the screen shows for every value its focus can take, by
    /// ``FocusPresentation/tableKey(_:)``.
    public var byFocus: [String: FocusPresentation]
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
}

extension ScreenSnapshot {
    /// What the screen shows now, for ``focus``.
    public var shown: FocusPresentation? { byFocus[FocusPresentation.tableKey(focus)] }
    /// The field that shows focus now: a field id, or a row key string for row fields.
    public var focusedField: String? { shown?.focusedField }
    /// ``focus`` as Swift source names it.
    public var focusSwift: String? { shown?.focusSwift }
    /// What `print(focus)` writes now.
    public var focusPrinted: String? { shown?.focusPrinted }
    /// The keyboard toolbar's buttons now, on screens that have one.
    public var toolbar: ToolbarState? { shown?.toolbar }
    /// The row one of whose fields has focus.
    public var focusedRow: RowID? { focus?.rowID }
}

extension ScreenSnapshot: Codable {
    private enum CodingKeys: String, CodingKey {
        case focus, byFocus, values, errors, staleErrors, rows, notesHTML, bindings, diagnostics, pendingAutoFocus, validation
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(focus, forKey: .focus)
        try container.encode(byFocus, forKey: .byFocus)
        try container.encode(values, forKey: .values)
        try container.encode(errors, forKey: .errors)
        try container.encode(staleErrors, forKey: .staleErrors)
        try container.encode(rows, forKey: .rows)
        try container.encodeIfPresent(notesHTML, forKey: .notesHTML)
        try container.encode(bindings, forKey: .bindings)
        try container.encode(diagnostics, forKey: .diagnostics)
        try container.encode(pendingAutoFocus, forKey: .pendingAutoFocus)
        try container.encode(validation, forKey: .validation)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        focus = try container.decodeIfPresent(FocusKey.self, forKey: .focus)
        byFocus = try container.decode([String: FocusPresentation].self, forKey: .byFocus)
        values = try container.decode([FocusKey: String].self, forKey: .values)
        errors = try container.decode([FocusKey: String].self, forKey: .errors)
        staleErrors = try container.decode([FocusKey].self, forKey: .staleErrors)
        rows = try container.decode([ListID: [RowID]].self, forKey: .rows)
        notesHTML = try container.decodeIfPresent([RowID: String].self, forKey: .notesHTML)
        bindings = try container.decode([BindingEntry].self, forKey: .bindings)
        diagnostics = try container.decode([Diagnostic].self, forKey: .diagnostics)
        pendingAutoFocus = try container.decodeIfPresent(FocusKey.self, forKey: .pendingAutoFocus)
        validation = try container.decodeIfPresent(ValidationResult.self, forKey: .validation)
    }
}
