/// An auto-focus waiting for its timer: when the host applies `autoFocusFired(token)` and this
/// is still pending, `key` gets focus on `screen`.
public struct PendingAutoFocus: Codable, Equatable, Sendable {
    public var screen: ScreenID
    public var key: FocusKey
    public var token: AutoFocusToken

    public init(screen: ScreenID, key: FocusKey, token: AutoFocusToken) {
        self.screen = screen
        self.key = key
        self.token = token
    }
}
