extension FocusEngine {
    /// New text for the field filed under `key`, as one splice from the old text.
    func edit(
        _ key: FocusKey,
        to text: String,
        on slot: ScreenSlot,
        in state: inout SessionState,
        record: inout Record
    ) throws(FocusError) {
        let old = try declaredText(key, on: slot, in: state)
        // Byte for byte: "é" and "e" + U+0301 are equal as Strings, but a person typed a change.
        // `==` first: it compares ASCII text as bytes at once, where the byte walk is slow.
        guard !(old == text && old.utf8.elementsEqual(text.utf8)) else { return }
        try replaceText(key, old: old, new: text, ops: [TextSplice(from: old, to: text)], on: slot, in: &state, record: &record)
    }

    /// `operation` (already transformed to the field's current text) applied to the field filed
    /// under `key`.
    func splice(
        _ key: FocusKey,
        _ operation: TextOperation,
        on slot: ScreenSlot,
        in state: inout SessionState,
        record: inout Record
    ) throws(FocusError) {
        let old = try declaredText(key, on: slot, in: state)
        guard operation.fits(old) else {
            throw .splice(.pastEnd(operation.splices.first ?? TextSplice(at: 0), length: old.utf16Length))
        }
        guard !operation.isNoop else { return }
        try replaceText(
            key, old: old, new: operation.applied(to: old), ops: operation.splices, on: slot, in: &state, record: &record)
    }

    func declaredText(_ key: FocusKey, on slot: ScreenSlot, in state: SessionState) throws(FocusError) -> String {
        guard bindings(of: slot, in: state).isDeclared(key) else {
            throw .unknownKey(key.name, screen: slot.id)
        }
        return state.screens[slot.index].values[key] ?? ""
    }

    /// Replaces the field's text within the limits. The field's error stays until the next
    /// validation, marked stale, and the screen's validation result is reset to "not validated".
    /// The event carries the splices that turn the old text into the new.
    private func replaceText(
        _ key: FocusKey, old: String, new text: String, ops: [TextSplice],
        on slot: ScreenSlot, in state: inout SessionState, record: inout Record
    ) throws(FocusError) {
        // A UTF-8 length within the limit bounds the character count, so most edits skip counting.
        if text.utf8.count > limits.maxValueLength, text.count > limits.maxValueLength {
            throw .valueTooLong(key: key, length: text.count, limit: limits.maxValueLength)
        }
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
        record.events.append(.edit(screen: slot.id, key: key, ops: ops))
    }
}
