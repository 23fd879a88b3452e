extension FocusEngine {
    /// Applies a screen's delayed auto-focus timer to the current screen. It cannot fail: a
    /// token that is no longer pending changes nothing.
    public func fireAutoFocus(_ token: AutoFocusToken, in state: inout SessionState) -> Outcome {
        var record = Record()
        fireAutoFocus(token, in: &state, record: &record)
        return record.outcome
    }

    /// Applies a settings patch (a lesson step's settings). It cannot fail: settings belong to
    /// the session, not to a screen.
    public func configure(_ patch: SettingsPatch, in state: inout SessionState) -> Outcome {
        var record = Record()
        configure(patch, in: &state, record: &record)
        return record.outcome
    }

    /// The text of the field filed under `key` on `screen`, checked as a splice of it is: the
    /// screen must be the current one and bind a field to `key`. A splice is rebased on this
    /// text, so a field that is gone (its row removed) is refused before any rebasing.
    public func text(of key: FocusKey, on screen: ScreenID, in state: SessionState) throws(FocusError) -> String {
        let slot = try self.slot(of: screen, in: state)
        guard screen == state.current else { throw .notCurrentScreen(screen, current: state.current) }
        return try declaredText(key, on: slot, in: state)
    }
}
