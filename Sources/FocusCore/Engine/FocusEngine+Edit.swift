extension FocusEngine {
    /// New text for the field filed under `key`. The field's error stays until the next
    /// validation, marked stale, and the screen's validation result is reset to "not validated".
    func edit(
        _ key: FocusKey,
        to text: String,
        on slot: ScreenSlot,
        in state: inout SessionState,
        record: inout Record
    ) throws(FocusError) {
        guard bindings(of: slot, in: state).isDeclared(key) else {
            throw .unknownKey(key.wireString, screen: slot.id)
        }
        // A UTF-8 length within the limit bounds the character count, so most edits skip counting.
        if text.utf8.count > limits.maxValueLength, text.count > limits.maxValueLength {
            throw .valueTooLong(key: key, length: text.count, limit: limits.maxValueLength)
        }
        let old = state.screens[slot.index].values[key] ?? ""
        // Byte for byte: "é" and "e" + U+0301 are equal as Strings, but a person typed a change.
        guard !old.utf8.elementsEqual(text.utf8) else { return }
        let total = state.textBytes - old.utf8.count + text.utf8.count
        if total > limits.maxSessionTextBytes {
            throw .sessionTextFull(limit: limits.maxSessionTextBytes)
        }
        state.screens[slot.index].values[key] = text
        state.textBytes = total
        state.screens[slot.index].validation = nil
        if state.screens[slot.index].errors[key] != nil {
            state.screens[slot.index].staleErrors.insert(key)
        }
        record.events.append(.edit(screen: slot.id, key: key))
    }
}
