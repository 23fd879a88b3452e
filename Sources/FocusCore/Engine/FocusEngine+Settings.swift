extension FocusEngine {
    /// Changes the switches `patch` names. If the change unbinds the key that has focus (turning
    /// on the ambiguous binding while Address is focused), focus resets to `nil`, as SwiftUI
    /// resets a focus value no field is bound to.
    func configure(_ patch: SettingsPatch, in state: inout SessionState, record: inout Record) {
        let settings = state.settings.applying(patch)
        let changes = state.settings.changes(to: settings)
        guard !changes.isEmpty else { return }
        state.settings = settings
        record.events.append(.settings(changes))
        let slot = currentSlot(in: state)
        if let focus = state.screens[slot.index].focus, !bindings(of: slot, in: state).isBound(focus) {
            moveFocus(to: nil, cause: .binding, on: slot, in: &state, record: &record)
        }
    }
}
