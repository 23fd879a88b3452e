/// Everything one session remembers: which screen shows, the settings, every screen's state,
/// and the auto-focus timer that may be waiting.
///
/// Made by `FocusEngine.start(ids:)` and changed only by `FocusEngine.apply`. `Codable` as a
/// storage form; for the protocol's wire shape use `FocusEngine.snapshot(of:)`.
public struct SessionState: Codable, Equatable, Sendable {
    /// The screen showing now.
    public internal(set) var current: ScreenID
    /// The session's switches.
    public internal(set) var settings: Settings
    /// Every screen's state, in schema order.
    public internal(set) var screens: [ScreenState]
    /// The auto-focus waiting for its timer, if any (at most one: leaving a screen cancels it).
    public internal(set) var pendingAutoFocus: PendingAutoFocus?
    /// The token the next scheduled auto-focus gets.
    var nextAutoFocusToken: AutoFocusToken

    init(current: ScreenID, screens: [ScreenState]) {
        self.current = current
        self.settings = Settings()
        self.screens = screens
        self.pendingAutoFocus = nil
        self.nextAutoFocusToken = AutoFocusToken(rawValue: 1)
        self.textBytes = screens.reduce(0) { total, screen in screen.values.values.reduce(total) { $0 + $1.utf8.count } }
    }

    /// UTF-8 bytes of text held in every field of every screen, kept as values change.
    var textBytes: Int

    /// The state of `screen`, if the session has it.
    public subscript(screen: ScreenID) -> ScreenState? {
        screens.first { $0.screen == screen }
    }

    private enum CodingKeys: String, CodingKey {
        case current = "screen"
        case settings, screens, pendingAutoFocus, nextAutoFocusToken, textBytes
    }
}
