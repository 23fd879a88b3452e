/// Focus a screen sets on itself when it appears (`.onAppear { focus = key }`).
public struct AppearFocus: Codable, Equatable, Sendable {
    /// The key to focus.
    public var key: FocusKey
    /// `0`: focus at once. More: the host is asked to fire a timer after this long, and the
    /// focus lands only if nothing cancelled it meanwhile (the gift screen waits 750 ms).
    public var afterMilliseconds: Int

    public init(key: FocusKey, afterMilliseconds: Int = 0) {
        self.key = key
        self.afterMilliseconds = afterMilliseconds
    }
}
