extension FocusEngine {
    /// Appends a row with a fresh id and focuses its first field (what seed 002 set out to do).
    func addRow(
        to listID: ListID,
        on slot: ScreenSlot,
        in state: inout SessionState,
        ids: inout some RandomNumberGenerator,
        record: inout Record
    ) throws(FocusError) {
        let list = try self.list(listID, on: slot)
        guard state.screens[slot.index].rows(in: listID).count < list.maxRows else {
            throw .tooManyRows(list: listID, limit: list.maxRows)
        }
        let id = freshRowID(for: state.screens[slot.index], using: &ids)
        state.screens[slot.index].appendRow(id, to: list, texts: [:])
        state.screens[slot.index].validation = nil
        record.events.append(.rowAdded(screen: slot.id, list: listID, row: id))
        if let first = list.fields.first {
            moveFocus(to: FocusKey(first.rowCase, id: id), cause: .rowAdded, on: slot, in: &state, record: &record)
        }
    }

    /// Takes a row out, with its texts and errors. If it held focus, the same field of the row
    /// that takes its place gets focus, else that of the row before it, else nothing.
    func removeRow(
        _ row: RowID,
        from listID: ListID,
        on slot: ScreenSlot,
        in state: inout SessionState,
        record: inout Record
    ) throws(FocusError) {
        let list = try self.list(listID, on: slot)
        guard let index = state.screens[slot.index].rows(in: listID).firstIndex(of: row) else {
            throw .unknownRow(row.uuidString, list: listID)
        }
        state.textBytes -= state.screens[slot.index].removeRow(at: index, from: list)
        state.screens[slot.index].validation = nil
        record.events.append(.rowRemoved(screen: slot.id, list: listID, row: row))
        guard let focus = state.screens[slot.index].focus, focus.rowID == row, let rowCase = focus.rowCase else { return }
        let remaining = state.screens[slot.index].rows(in: listID)
        let heir = remaining.indices.contains(index) ? remaining[index] : remaining.last
        moveFocus(to: heir.map { FocusKey(rowCase, id: $0) }, cause: .rowRemoved, on: slot, in: &state, record: &record)
    }

    /// A row id not yet used on the screen.
    func freshRowID(for screen: ScreenState, using ids: inout some RandomNumberGenerator) -> RowID {
        while true {
            let id = RowID.random(using: &ids)
            if !screen.rows.values.contains(where: { $0.contains(id) }) { return id }
        }
    }

    private func list(_ id: ListID, on slot: ScreenSlot) throws(FocusError) -> ListDeclaration {
        guard let list = slot.declaration.list(id) else { throw .unknownList(id.rawValue, screen: slot.id) }
        return list
    }
}

extension ScreenState {
    /// Appends row `id` to `list` with each of its fields' starting text (empty unless given).
    mutating func appendRow(_ id: RowID, to list: ListDeclaration, texts: [FocusCase: String]) {
        rows[list.id, default: []].append(id)
        for field in list.fields {
            values[FocusKey(field.rowCase, id: id)] = texts[field.rowCase] ?? ""
        }
    }

    /// Removes the row at `index` of `list` with its texts and errors; returns the UTF-8 bytes
    /// of text that went with it.
    mutating func removeRow(at index: Int, from list: ListDeclaration) -> Int {
        guard let id = rows[list.id]?.remove(at: index) else { return 0 }
        var removedBytes = 0
        for field in list.fields {
            let key = FocusKey(field.rowCase, id: id)
            removedBytes += values.removeValue(forKey: key)?.utf8.count ?? 0
            errors[key] = nil
            staleErrors.remove(key)
        }
        return removedBytes
    }
}
