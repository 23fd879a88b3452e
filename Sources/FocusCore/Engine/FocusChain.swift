/// The order focus moves through a screen with Return and the keyboard toolbar, and the
/// order validation reports fields in: the fields, then each list's rows in order, each row's
/// fields in declaration order (a task's title, its notes, then the next task's title).
///
/// Positions hold declared keys (what the code says: `.name` → `.address`), not the keys fields
/// happen to be bound to; a move to a key no field is bound to then ends in `nil`.
struct FocusChain: RandomAccessCollection {
    struct Link {
        let key: FocusKey
        let rules: [ValidationRule]
    }

    let declaration: ScreenDeclaration
    let rows: [ListID: [RowID]]

    init(_ declaration: ScreenDeclaration, _ screen: ScreenState) {
        self.declaration = declaration
        self.rows = screen.rows
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        declaration.lists.reduce(declaration.fields.count) { $0 + rowIDs($1).count * $1.fields.count }
    }

    subscript(position: Int) -> Link {
        if position < declaration.fields.count {
            let field = declaration.fields[position]
            return Link(key: field.key, rules: field.rules)
        }
        var offset = position - declaration.fields.count
        for list in declaration.lists {
            let ids = rowIDs(list)
            let size = ids.count * list.fields.count
            if offset < size {
                let field = list.fields[offset % list.fields.count]
                return Link(key: FocusKey(field.rowCase, id: ids[offset / list.fields.count]), rules: field.rules)
            }
            offset -= size
        }
        preconditionFailure("position \(position) is past the end of the \(declaration.id) focus chain")
    }

    /// Where the field declared with `key` sits, if it is on the screen.
    func position(of key: FocusKey) -> Int? {
        guard let rowCase = key.rowCase, let id = key.rowID else {
            return declaration.fields.firstIndex { $0.key == key }
        }
        var offset = declaration.fields.count
        for list in declaration.lists {
            let ids = rowIDs(list)
            if let fieldIndex = list.fields.firstIndex(where: { $0.rowCase == rowCase }),
                let rowIndex = ids.firstIndex(of: id)
            {
                return offset + rowIndex * list.fields.count + fieldIndex
            }
            offset += ids.count * list.fields.count
        }
        return nil
    }

    private func rowIDs(_ list: ListDeclaration) -> [RowID] {
        rows[list.id] ?? []
    }
}
