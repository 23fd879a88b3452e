/// One field of every row of a list; each row's copy is bound to `FocusKey(rowCase, id: row)`.
public struct RowFieldDeclaration: Codable, Equatable, Sendable {
    /// Which case of the focus enum the field's key has (`row`, `title`, `notes`).
    public var rowCase: FocusCase
    /// The label a person sees.
    public var label: String
    /// The control it is drawn as.
    public var kind: FieldKind
    /// The Return key's label.
    public var submitLabel: SubmitLabel
    /// The checks `validate` runs on the field's text, in order.
    public var rules: [ValidationRule]
    /// The HTML `autocomplete` purpose of the field (WCAG 1.3.5), if it has one.
    public var autocomplete: String?
    /// Text shown in the empty field.
    public var placeholder: String?
    /// Whether the field is shown only while a field of its row has focus (a reminder's notes).
    public var onlyWhileRowFocused: Bool

    public init(
        rowCase: FocusCase,
        label: String,
        kind: FieldKind = .text,
        submitLabel: SubmitLabel = .next,
        rules: [ValidationRule] = [],
        autocomplete: String? = nil,
        placeholder: String? = nil,
        onlyWhileRowFocused: Bool = false
    ) {
        self.rowCase = rowCase
        self.label = label
        self.kind = kind
        self.submitLabel = submitLabel
        self.rules = rules
        self.autocomplete = autocomplete
        self.placeholder = placeholder
        self.onlyWhileRowFocused = onlyWhileRowFocused
    }

    private enum CodingKeys: String, CodingKey {
        case rowCase = "case"
        case label, kind, submitLabel, rules, autocomplete, placeholder, onlyWhileRowFocused
    }
}
