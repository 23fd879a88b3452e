/// The label of the keyboard's Return key, as `.submitLabel(_:)` sets it.
public enum SubmitLabel: String, Codable, Sendable, CaseIterable {
    case next
    case done
    case go
    case send
    case `return`

    /// Whether Return under this label ends editing (releases focus) rather than moving on to
    /// the next field: `done`, `go` and `send` finish; `next` and `return` move on.
    public var endsEditing: Bool {
        switch self {
        case .done, .go, .send: true
        case .next, .return: false
        }
    }
}
