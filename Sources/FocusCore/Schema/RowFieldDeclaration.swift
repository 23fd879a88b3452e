/// One field of every row of a list; each row's copy is bound to `FocusKey(rowCase, id: row)`.
public struct RowFieldDeclaration: Codable, Equatable, Sendable {
    /// Which row case the field's key has (`row`, `title`, `notes`).
    public var rowCase: RowCase
    /// The label a person sees.
    public var label: String
    /// The control it is drawn as.
    public var kind: FieldKind
    /// The Return key's label.
    public var submitLabel: SubmitLabel
    /// The checks `validate` runs on the field's text, in order.
    public var rules: [ValidationRule]

    public init(
        rowCase: RowCase,
        label: String,
        kind: FieldKind = .text,
        submitLabel: SubmitLabel = .next,
        rules: [ValidationRule] = []
    ) {
        self.rowCase = rowCase
        self.label = label
        self.kind = kind
        self.submitLabel = submitLabel
        self.rules = rules
    }

    private enum CodingKeys: String, CodingKey {
        case rowCase = "case"
        case label, kind, submitLabel, rules
    }
}
