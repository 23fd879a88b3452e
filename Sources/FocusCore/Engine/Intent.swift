/// What a person (or the host's timer) asks a screen to do.
public enum Intent: Equatable, Sendable {
    /// A tap on the field bound to this key, or on nothing (`nil`).
    case focus(FocusKey?)
    /// New text for the field filed under this key.
    case edit(FocusKey, String)
    /// An operation on the text of the field filed under this key, already transformed to its
    /// current text (the session's field history does that for a splice made on an older text).
    case splice(FocusKey, TextOperation)
    /// Return in the focused field.
    case submit
    /// The keyboard toolbar's Next.
    case next
    /// The keyboard toolbar's Previous.
    case previous
    /// The screen's validate button (Proceed, Send).
    case validate
    /// Append a row to a list and focus its first field.
    case addRow(ListID)
    /// Take a row out of a list.
    case removeRow(ListID, RowID)
    /// Show another screen.
    case navigate(to: ScreenID)
    /// Change some session settings.
    case configure(SettingsPatch)
    /// The host's timer for a scheduled auto-focus went off (server-originated).
    case autoFocusFired(AutoFocusToken)
}
