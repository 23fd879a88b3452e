/// Where an index (a caret, or one end of a selection) goes when an operation inserts text exactly
/// at it.
public enum IndexBias: Equatable, Sendable {
    /// The index stays before the inserted text.
    case before
    /// The index moves past the inserted text.
    case after
}
