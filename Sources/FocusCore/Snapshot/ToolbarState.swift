/// Which buttons of the keyboard toolbar can move focus: Previous is off on the first field of
/// the chain, Next on the last (with nothing focused, both enter the chain at an end).
public struct ToolbarState: Codable, Equatable, Sendable {
    public var previous: Bool
    public var next: Bool

    public init(previous: Bool, next: Bool) {
        self.previous = previous
        self.next = next
    }
}
