import FocusProtocol

/// Joins, leaves and renames waiting for the next presence message. A member who joins and
/// leaves within one batch is never mentioned; a rename of a member who joined in the batch is
/// folded into the join.
struct PresenceBatch: Sendable {
    private var joined: [Member] = []
    private var left: [MemberID] = []
    private var renamed: [Member] = []

    var isEmpty: Bool { joined.isEmpty && left.isEmpty && renamed.isEmpty }

    mutating func join(_ member: Member) {
        if let index = left.firstIndex(of: member.member) {
            // Back within the batch (a reconnect): the others never saw it leave.
            left.remove(at: index)
            rename(member)
            return
        }
        joined.append(member)
    }

    mutating func leave(_ member: MemberID) {
        if let index = joined.firstIndex(where: { $0.member == member }) {
            joined.remove(at: index)
            return
        }
        renamed.removeAll { $0.member == member }
        left.append(member)
    }

    mutating func rename(_ member: Member) {
        if let index = joined.firstIndex(where: { $0.member == member.member }) {
            joined[index] = member
        } else if let index = renamed.firstIndex(where: { $0.member == member.member }) {
            renamed[index] = member
        } else {
            renamed.append(member)
        }
    }

    /// The message for everything batched, emptying the batch.
    mutating func take() -> PresenceMessage {
        defer { self = PresenceBatch() }
        return PresenceMessage(joined: joined, left: left, renamed: renamed)
    }
}
