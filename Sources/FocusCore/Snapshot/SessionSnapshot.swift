/// A whole session in protocol v1's `state` shape, less what the server adds (`clients`,
/// `log`, and each task screen's `notesHTML`).
public struct SessionSnapshot: Codable, Equatable, Sendable {
    /// The screen showing now.
    public var screen: ScreenID
    /// The session's switches.
    public var settings: Settings
    /// Every screen's snapshot, by screen.
    public var screens: [ScreenID: ScreenSnapshot]

    public init(screen: ScreenID, settings: Settings, screens: [ScreenID: ScreenSnapshot]) {
        self.screen = screen
        self.settings = settings
        self.screens = screens
    }
}
