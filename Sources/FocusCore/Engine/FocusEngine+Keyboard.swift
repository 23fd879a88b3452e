extension FocusEngine {
    /// Return in the focused field: on to the next field in the chain, or `nil` after the last
    /// field or on a field whose Return key ends editing (`done`, `go`, `send`). A multi-line
    /// editor takes Return as a newline, and with nothing focused there is no keyboard: both
    /// change nothing.
    func submit(on slot: ScreenSlot, in state: inout SessionState, record: inout Record) {
        guard let focus = state.screens[slot.index].focus,
            let field = bindings(of: slot, in: state).field(boundTo: focus),
            field.kind.submitsOnReturn
        else { return }
        var target: FocusKey?
        if !field.submitLabel.endsEditing {
            let chain = FocusChain(slot.declaration, state.screens[slot.index])
            target = chain.position(of: focus).flatMap { chain.indices.contains($0 + 1) ? chain[$0 + 1].key : nil }
        }
        moveFocus(to: target, cause: .submit, on: slot, in: &state, record: &record)
    }

    /// The keyboard toolbar's Next (`step` 1) or Previous (`step` -1): the neighbouring field in
    /// the chain; `toolbar_at_end` past either end. With nothing focused, Next focuses the first
    /// field and Previous the last, as tabbing into a form does.
    func moveAlongToolbar(by step: Int, on slot: ScreenSlot, in state: inout SessionState, record: inout Record) {
        let chain = FocusChain(slot.declaration, state.screens[slot.index])
        let target: Int?
        if let focus = state.screens[slot.index].focus {
            target = chain.position(of: focus).map { $0 + step }
        } else {
            target = step > 0 ? chain.startIndex : chain.endIndex - 1
        }
        guard let target, chain.indices.contains(target) else {
            record.unchangedReason = .toolbarAtEnd
            return
        }
        moveFocus(to: chain[target].key, cause: .toolbar, on: slot, in: &state, record: &record)
    }
}
