/// Which field each key is bound to on one screen, under one session's settings and rows.
///
/// Simple fields are bound to their declared key, or to their mistaken key while the
/// ambiguous-binding setting is on; each row field is bound to its own row key.
struct ScreenBindings {
    let declaration: ScreenDeclaration
    let settings: Settings
    let rows: [ListID: [RowID]]

    init(_ declaration: ScreenDeclaration, _ settings: Settings, _ screen: ScreenState) {
        self.declaration = declaration
        self.settings = settings
        self.rows = screen.rows
    }

    /// The field that shows focus when the focus value is `key`: when several fields are bound
    /// to it, the last one wins, as in SwiftUI. `nil` if no field is bound to it.
    func field(boundTo key: FocusKey) -> BoundField? {
        if key.rowCase != nil {
            return rowField(for: key).map { .row($0, key: key) }
        }
        return declaration.fields.last { $0.boundKey(under: settings) == key }.map(BoundField.simple)
    }

    /// Whether some field is bound to `key`, so focus can rest on it.
    func isBound(_ key: FocusKey) -> Bool {
        field(boundTo: key) != nil
    }

    /// Whether some field files its text under `key` (its declared key or its row key),
    /// whatever it is bound to for focus.
    func isDeclared(_ key: FocusKey) -> Bool {
        if key.rowCase != nil { return rowField(for: key) != nil }
        return declaration.fields.contains { $0.key == key }
    }

    /// The simple fields with the key each is bound to, in screen order.
    var simpleBindings: [(field: FieldID, key: FocusKey)] {
        declaration.fields.map { ($0.id, $0.boundKey(under: settings)) }
    }

    /// One `ambiguousBinding` diagnostic per key bound to more than one field.
    var diagnostics: [Diagnostic] {
        var reported: [FocusKey] = []
        var diagnostics: [Diagnostic] = []
        for field in declaration.fields {
            let key = field.boundKey(under: settings)
            guard !reported.contains(key) else { continue }
            let sharing = declaration.fields.filter { $0.boundKey(under: settings) == key }
            guard sharing.count > 1 else { continue }
            reported.append(key)
            diagnostics.append(
                .ambiguousBinding(
                    key: key,
                    fields: sharing.map(\.id),
                    labels: sharing.map(\.label),
                    unreachable: sharing.map(\.key).filter { !isBound($0) }
                ))
        }
        return diagnostics
    }

    /// The row field `key` names, if its row is in the list that has that field.
    private func rowField(for key: FocusKey) -> RowFieldDeclaration? {
        guard let rowCase = key.rowCase, let id = key.rowID,
            let list = declaration.list(holding: rowCase),
            rows[list.id]?.contains(id) == true
        else { return nil }
        return list.field(rowCase)
    }
}
