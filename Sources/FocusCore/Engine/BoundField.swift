/// A field as focus sees it: a simple field or one row's copy of a row field.
enum BoundField {
    case simple(FieldDeclaration)
    case row(RowFieldDeclaration, key: FocusKey)

    /// The field's name on the wire (`focusedField`): the field id, or the row key string.
    var wireName: String {
        switch self {
        case .simple(let field): field.id.rawValue
        case .row(_, let key): key.name
        }
    }

    var kind: FieldKind {
        switch self {
        case .simple(let field): field.kind
        case .row(let field, _): field.kind
        }
    }

    var submitLabel: SubmitLabel {
        switch self {
        case .simple(let field): field.submitLabel
        case .row(let field, _): field.submitLabel
        }
    }
}
