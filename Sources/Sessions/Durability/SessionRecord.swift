/// What the machine asks the host to store durably. Messages that follow it in the outputs
/// must not reach any client before it is stored.
public enum SessionRecord: Equatable, Sendable {
    /// An applied change, in revision order.
    case change(ChangeRecord)
    /// A tab joined for the first time or took a new name.
    case member(DurableMember)
}
