import FocusProtocol

/// Every tab a session remembers, by secret client id, in the order they first joined. Bounded:
/// past ``capacity`` the tabs that are not connected are forgotten.
struct MemberDirectory: Sendable {
    let capacity: Int
    private(set) var records: [MemberRecord] = []
    private var positions: [String: Int] = [:]
    /// How many members ever joined: the next member id and colour follow from it.
    private var joinedEver = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    subscript(clientId: String) -> MemberRecord? {
        positions[clientId].map { records[$0] }
    }

    /// The record of `clientId`, made on its first hello with a fresh member id, a colour and
    /// `name` or a friendly one. `connected` names the tabs that must survive a forgetting.
    mutating func record(for clientId: String, name: String?, connected: Set<String>) -> MemberRecord {
        if let record = self[clientId] { return record }
        if records.count >= capacity {
            forget(except: connected)
        }
        joinedEver += 1
        let palette = MemberColors.palette
        let names = MemberColors.friendlyNames
        let record = MemberRecord(
            clientId: clientId,
            member: Member(
                member: MemberID(ordinal: joinedEver), name: name ?? names[(joinedEver - 1) % names.count],
                color: palette[(joinedEver - 1) % palette.count]),
            lastSeq: 0)
        positions[clientId] = records.count
        records.append(record)
        return record
    }

    mutating func update(_ clientId: String, _ change: (inout MemberRecord) -> Void) {
        guard let position = positions[clientId] else { return }
        change(&records[position])
    }

    /// Drops the tabs that are not connected: such a tab, should it come back, is a new member
    /// and its resends are applied afresh.
    private mutating func forget(except connected: Set<String>) {
        records.removeAll { !connected.contains($0.clientId) }
        positions = Dictionary(uniqueKeysWithValues: records.enumerated().map { ($1.clientId, $0) })
    }
}
