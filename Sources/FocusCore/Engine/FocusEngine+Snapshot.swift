extension FocusEngine {
    /// `screen` of `state` in protocol v1's screen-state shape (without `notesHTML`).
    public func snapshot(of screen: ScreenID, in state: SessionState) throws(FocusError) -> ScreenSnapshot {
        snapshot(of: try slot(of: screen, in: state), in: state)
    }

    /// `state` in protocol v1's session `state` shape (without `clients`, `log`, `notesHTML`).
    public func snapshot(of state: SessionState) -> SessionSnapshot {
        var screens: [ScreenID: ScreenSnapshot] = [:]
        for (index, declaration) in schema.screens.enumerated() where state.screens.indices.contains(index) {
            screens[declaration.id] = snapshot(of: ScreenSlot(declaration: declaration, index: index), in: state)
        }
        return SessionSnapshot(screen: state.current, settings: state.settings, screens: screens)
    }

    private func snapshot(of slot: ScreenSlot, in state: SessionState) -> ScreenSnapshot {
        let screen = state.screens[slot.index]
        let bindings = bindings(of: slot, in: state)
        let pending = state.pendingAutoFocus.flatMap { $0.screen == slot.id ? $0.key : nil }
        return ScreenSnapshot(
            focus: screen.focus,
            focusedField: screen.focus.flatMap { bindings.field(boundTo: $0)?.wireName },
            focusSwift: screen.focus?.description ?? "nil",
            // `print` writes the type path, then the case as source names it: `.row(id: …)`.
            focusPrinted: screen.focus.map { "Optional(\(Schema.swiftModule).\(slot.declaration.focusType)\($0))" } ?? "nil",
            values: screen.values,
            errors: screen.errors,
            staleErrors: screen.staleErrors.sorted { $0.wireString < $1.wireString },
            rows: screen.rows,
            notesHTML: nil,
            bindings: bindings.simpleBindings.map { BindingEntry(field: $0.field, key: $0.key) },
            diagnostics: bindings.diagnostics,
            pendingAutoFocus: pending,
            validation: screen.validation,
            focusedRow: screen.focusedRow,
            toolbar: slot.declaration.keyboardToolbar ? toolbar(of: slot, in: state) : nil
        )
    }

    private func toolbar(of slot: ScreenSlot, in state: SessionState) -> ToolbarState {
        let chain = FocusChain(slot.declaration, state.screens[slot.index])
        guard let focus = state.screens[slot.index].focus, let position = chain.position(of: focus) else {
            return ToolbarState(previous: !chain.isEmpty, next: !chain.isEmpty)
        }
        return ToolbarState(previous: position > chain.startIndex, next: position < chain.endIndex - 1)
    }
}
