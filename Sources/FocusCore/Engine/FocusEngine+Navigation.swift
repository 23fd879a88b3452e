extension FocusEngine {
    /// Shows `destination`: the screen left releases its focus and its pending auto-focus, and
    /// the destination appears.
    func navigate(to destination: ScreenID, in state: inout SessionState, record: inout Record) throws(FocusError) {
        show(try slot(of: destination, in: state), in: &state, record: &record)
    }

    /// Makes `target` the current screen (nothing happens if it already is).
    func show(_ target: ScreenSlot, in state: inout SessionState, record: inout Record) {
        guard target.id != state.current else { return }
        let origin = currentSlot(in: state)
        cancelAutoFocus(on: origin.id, in: &state, record: &record)
        moveFocus(to: nil, cause: .navigation, on: origin, in: &state, record: &record)
        state.current = target.id
        record.events.append(.navigate(from: origin.id, to: target.id))
        appear(target, in: &state, record: &record)
    }

    /// What a screen does when it appears: focus a key at once (checkout), or ask the host for
    /// a timer that will (gift).
    func appear(_ slot: ScreenSlot, in state: inout SessionState, record: inout Record) {
        guard let appearFocus = slot.declaration.appearFocus else { return }
        guard appearFocus.afterMilliseconds > 0 else {
            moveFocus(to: appearFocus.key, cause: .autoFocus, on: slot, in: &state, record: &record)
            return
        }
        let token = state.nextAutoFocusToken
        state.nextAutoFocusToken = AutoFocusToken(rawValue: token.rawValue + 1)
        state.pendingAutoFocus = PendingAutoFocus(screen: slot.id, key: appearFocus.key, token: token)
        record.events.append(
            .autoFocusScheduled(
                screen: slot.id, key: appearFocus.key, afterMilliseconds: appearFocus.afterMilliseconds
            ))
        record.effects.append(
            .scheduleAutoFocus(
                token: token, afterMilliseconds: appearFocus.afterMilliseconds, screen: slot.id, key: appearFocus.key
            ))
    }

    /// The host's timer for `token` went off: focus its key if it is still pending.
    func fireAutoFocus(_ token: AutoFocusToken, in state: inout SessionState, record: inout Record) {
        // Leaving a screen cancels its auto-focus, so a pending one is always for the current screen.
        guard let pending = state.pendingAutoFocus, pending.token == token, pending.screen == state.current else { return }
        state.pendingAutoFocus = nil
        moveFocus(to: pending.key, cause: .autoFocus, on: currentSlot(in: state), in: &state, record: &record)
    }
}
