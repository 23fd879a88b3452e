extension FocusEngine {
    /// A tap on the field bound to `key`, or on nothing.
    func tap(_ key: FocusKey?, on slot: ScreenSlot, in state: inout SessionState, record: inout Record) throws(FocusError) {
        if let key, !bindings(of: slot, in: state).isBound(key) {
            throw .unknownKey(key.name, screen: slot.id)
        }
        moveFocus(to: key, cause: .tap, on: slot, in: &state, record: &record)
    }

    /// Sets the focus value of `slot` to `target`, as assigning to a `@FocusState` does.
    ///
    /// A key no field is bound to resets focus to `nil`, as SwiftUI does. A field-to-field move
    /// is one event, or two through `nil` when the session animates focus changes. Any move but
    /// the auto-focus itself cancels a pending auto-focus on the screen.
    func moveFocus(
        to target: FocusKey?,
        cause: FocusCause,
        on slot: ScreenSlot,
        in state: inout SessionState,
        record: inout Record
    ) {
        let from = state.screens[slot.index].focus
        let to = target.flatMap { bindings(of: slot, in: state).isBound($0) ? $0 : nil }
        guard to != from else { return }
        if cause != .autoFocus {
            cancelAutoFocus(on: slot.id, in: &state, record: &record)
        }
        if let from, let to, state.settings.animatedFocusChange {
            record.events.append(.focus(screen: slot.id, from: from, to: nil, cause: cause))
            record.events.append(.focus(screen: slot.id, from: nil, to: to, cause: cause))
        } else {
            record.events.append(.focus(screen: slot.id, from: from, to: to, cause: cause))
        }
        state.screens[slot.index].focus = to
    }

    /// Drops the pending auto-focus if it is for `screen`.
    func cancelAutoFocus(on screen: ScreenID, in state: inout SessionState, record: inout Record) {
        guard let pending = state.pendingAutoFocus, pending.screen == screen else { return }
        state.pendingAutoFocus = nil
        record.events.append(.autoFocusCancelled(screen: screen, key: pending.key))
        record.effects.append(.cancelAutoFocus(token: pending.token))
    }

    func bindings(of slot: ScreenSlot, in state: SessionState) -> ScreenBindings {
        ScreenBindings(slot.declaration, state.settings, state.screens[slot.index])
    }
}
