/// The connections a broadcast goes to: every member that is keeping up. Adding and removing
/// are O(1): ``Membership`` keeps each connection's position beside its state, so the list
/// needs no table of its own. The order is not meaningful.
public struct RecipientList: Sendable, Sequence {
    private var connections: [ConnectionID] = []

    public var count: Int { connections.count }

    /// Adds `connection`, answering its position.
    mutating func append(_ connection: ConnectionID) -> Int32 {
        connections.append(connection)
        return Int32(connections.count - 1)
    }

    /// Removes the connection at `position`, answering the one moved into its place (whose
    /// position is now `position`), if any.
    mutating func remove(at position: Int32) -> ConnectionID? {
        let last = connections.removeLast()
        guard Int(position) < connections.count else { return nil }
        connections[Int(position)] = last
        return last
    }

    public func makeIterator() -> IndexingIterator<[ConnectionID]> {
        connections.makeIterator()
    }
}
