extension FocusEngine {
    /// `screen` of `state` in the protocol's screen-state shape, without `notesHTML` (the session adds it).
    public func snapshot(of screen: ScreenID, in state: SessionState) throws(FocusError) -> ScreenSnapshot {
        snapshot(of: try slot(of: screen, in: state), in: state)
    }

    /// `state` in the protocol's session `state` shape, without the screens' `notesHTML`.
    public func snapshot(of state: SessionState) -> SessionSnapshot {
        var screens: [ScreenID: ScreenSnapshot] = [:]
        for (index, declaration) in schema.screens.enumerated() where state.screens.indices.contains(index) {
            screens[declaration.id] = snapshot(of: ScreenSlot(declaration: declaration, index: index), in: state)
        }
        return SessionSnapshot(screen: state.current, settings: state.settings, screens: screens)
    }

    private func snapshot(of slot: ScreenSlot, in state: SessionState) -> ScreenSnapshot {
        let screen = state.screens[slot.index]
        let bindings = bindingReport(of: slot, in: state)
        let pending = state.pendingAutoFocus.flatMap { $0.screen == slot.id ? $0.key : nil }
        return ScreenSnapshot(
            focus: screen.focus,
            byFocus: presentations(of: slot, in: state),
            values: screen.values,
            errors: screen.errors,
            staleErrors: screen.staleErrorsInWireOrder,
            rows: screen.rows,
            notesHTML: nil,
            bindings: bindings.entries,
            diagnostics: bindings.diagnostics,
            pendingAutoFocus: pending,
            validation: screen.validation
        )
    }

    /// The simple fields of `screen` with the keys they are bound to under `state`'s settings,
    /// and the problems with those bindings: a snapshot's `bindings` and `diagnostics`.
    public func bindingReport(of screen: ScreenID, in state: SessionState) throws(FocusError) -> (
        entries: [BindingEntry], diagnostics: [Diagnostic]
    ) {
        bindingReport(of: try slot(of: screen, in: state), in: state)
    }

    private func bindingReport(of slot: ScreenSlot, in state: SessionState) -> (
        entries: [BindingEntry], diagnostics: [Diagnostic]
    ) {
        let bindings = bindings(of: slot, in: state)
        return (bindings.simpleBindings.map { BindingEntry(field: $0.field, key: $0.key) }, bindings.diagnostics)
    }

    /// What `screen` of `state` shows for `nil` and for every key its focus can take: each key
    /// of the focus chain and each key a field is bound to, by ``FocusPresentation/tableKey(_:)``.
    /// It changes only with the screen's rows and the settings, never with the focus itself.
    public func presentations(of screen: ScreenID, in state: SessionState) throws(FocusError) -> [String: FocusPresentation] {
        presentations(of: try slot(of: screen, in: state), in: state)
    }

    private func presentations(of slot: ScreenSlot, in state: SessionState) -> [String: FocusPresentation] {
        let bindings = bindings(of: slot, in: state)
        let chain = FocusChain(slot.declaration, state.screens[slot.index])
        let hasToolbar = slot.declaration.keyboardToolbar
        /// `key` (`nil`: no focus) at `position` in the chain; a key outside the chain, like no
        /// focus, leaves both toolbar buttons entering the chain at an end.
        func presentation(_ key: FocusKey?, at position: Int?) -> FocusPresentation {
            let toolbar =
                position.map { ToolbarState(previous: $0 > chain.startIndex, next: $0 < chain.endIndex - 1) }
                ?? ToolbarState(previous: !chain.isEmpty, next: !chain.isEmpty)
            return FocusPresentation(
                focusedField: key.flatMap { bindings.field(boundTo: $0)?.wireName },
                focusSwift: key?.description ?? "nil",
                // `print` writes the type path, then the case as source names it: `.row(id: …)`.
                focusPrinted: key.map { "Optional(\(Schema.swiftModule).\(slot.declaration.focusType)\($0))" } ?? "nil",
                toolbar: hasToolbar ? toolbar : nil,
                focusedRow: key?.rowID,
                label: key.flatMap { slot.declaration.label(of: $0, rows: state.screens[slot.index].rows) }
            )
        }
        var table = [FocusPresentation.noFocus: presentation(nil, at: nil)]
        for position in chain.indices {
            let key = chain[position].key
            table[key.name] = presentation(key, at: position)
        }
        for (_, key) in bindings.simpleBindings where table[key.name] == nil {
            table[key.name] = presentation(key, at: chain.position(of: key))
        }
        return table
    }
}
