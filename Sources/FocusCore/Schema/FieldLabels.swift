extension ScreenDeclaration {
    /// The label a person reads for the field `key` names while the screen's lists hold `rows`:
    /// `Address`, `Email 2`, `Reminder 3 notes`. For a simple key, the field with that id, else
    /// the field declared with that key; nil when no field answers to the key.
    public func label(of key: FocusKey, rows: [ListID: [RowID]]) -> String? {
        guard let rowCase = key.rowCase, let row = key.rowID else {
            let field = fields.first { $0.id.rawValue == key.focusCase.rawValue } ?? fields.first { $0.key == key }
            return field?.label
        }
        for list in lists {
            guard let field = list.field(rowCase) else { continue }
            return list.label(of: field, atRow: rows[list.id]?.firstIndex(of: row))
        }
        return nil
    }
}

extension ListDeclaration {
    /// The label of `field` in the row at `index` (from 0): `Email 2` when rows have one field,
    /// `Reminder 3 notes` when they have several; with no index (a row the list no longer
    /// holds), the same without the number: `Email`, `Reminder notes`.
    public func label(of field: RowFieldDeclaration, atRow index: Int?) -> String {
        let position = index.map { " \($0 + 1)" } ?? ""
        if fields.count == 1 { return field.label + position }
        return rowNoun + position + " " + field.label.lowercased()
    }
}
