/// The connections a broadcast goes to: every member that is keeping up. Adding and removing
/// are O(1); the order is not meaningful.
public struct RecipientList: Sendable, Sequence {
    private var connections: [ConnectionID] = []
    private var positions: [ConnectionID: Int] = [:]

    public var count: Int { connections.count }

    public func contains(_ connection: ConnectionID) -> Bool {
        positions[connection] != nil
    }

    mutating func insert(_ connection: ConnectionID) {
        guard positions[connection] == nil else { return }
        positions[connection] = connections.count
        connections.append(connection)
    }

    mutating func remove(_ connection: ConnectionID) {
        guard let position = positions.removeValue(forKey: connection) else { return }
        let last = connections.removeLast()
        if position < connections.count {
            connections[position] = last
            positions[last] = position
        }
    }

    public func makeIterator() -> IndexingIterator<[ConnectionID]> {
        connections.makeIterator()
    }
}
