/// Which of two concurrent operations' inserts comes first when both insert at the same offset.
///
/// The rule, the same on the server and in every page: the insert of the member whose id is
/// smaller (comparing UTF-8 bytes) goes first; between two operations of one member, the one the
/// server applied earlier goes first.
public enum TieBreak: Equatable, Sendable {
    /// The first operand's insert (`a` in `transform(a, b)`) goes first.
    case aFirst
    /// The second operand's insert (`b`) goes first.
    case bFirst

    /// The tie-break for transforming an operation of `member`, not yet applied, against one of
    /// `appliedBy` that the server applied earlier.
    public init(member: String, appliedBy: String) {
        self = member.utf8.lexicographicallyPrecedes(appliedBy.utf8) ? .aFirst : .bFirst
    }
}
