import FocusProtocol

/// Every tab a session remembers, by secret client id, in the order they first joined. Bounded:
/// past ``capacity`` the tabs that are not connected are forgotten.
struct MemberDirectory: Sendable {
    let capacity: Int
    private(set) var records: [DurableMember] = []
    private var positions: [String: Int] = [:]
    /// Record positions by public member id, for naming the people a log mentions.
    private var memberPositions: [MemberID: Int] = [:]
    /// How many members ever joined: the next member id and colour follow from it.
    private(set) var joinedEver = 0
    /// What a new member's id starts with: `m`, or `r` in a relay's copy of a session (whose
    /// viewers must never take an id the owner gives an editor later).
    var idPrefix = "m"

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The directory a durable snapshot kept.
    init(capacity: Int, restoring records: [DurableMember], joinedEver: Int) {
        self.capacity = capacity
        self.joinedEver = joinedEver
        for record in records { restore(record) }
    }

    /// Puts back a tab as the durable log stored it (a join or rename after the snapshot).
    mutating func restore(_ record: DurableMember) {
        if let position = positions[record.clientId] {
            records[position].member = record.member
            records[position].lastSeq = max(records[position].lastSeq, record.lastSeq)
            records[position].presenting = record.presenting
            memberPositions[record.member.member] = position
        } else {
            positions[record.clientId] = records.count
            memberPositions[record.member.member] = records.count
            records.append(record)
        }
        if let ordinal = Int(record.member.member.rawValue.dropFirst()) {
            joinedEver = max(joinedEver, ordinal)
        }
    }

    func contains(_ clientId: String) -> Bool {
        positions[clientId] != nil
    }

    subscript(clientId: String) -> DurableMember? {
        positions[clientId].map { records[$0] }
    }

    /// The member with this public id, if the session remembers it.
    func member(_ id: MemberID) -> Member? {
        memberPositions[id].map { records[$0].member }
    }

    /// The record of `clientId`, made on its first hello with a fresh member id, a colour and
    /// `name` or a friendly one. Past the capacity, tabs that are not connected are forgotten
    /// (`connected` says which are, of `connectedCount`).
    mutating func record(
        for clientId: String, name: String?, connected: [String: ConnectionID], connectedCount: Int
    ) -> DurableMember {
        if let record = self[clientId] { return record }
        // Only when some tab can be forgotten: with every remembered tab connected there is
        // nothing to gain from a pass over all of them.
        if records.count >= capacity, records.count > connectedCount {
            forget(except: connected)
        }
        joinedEver += 1
        let palette = MemberColors.palette
        let names = MemberColors.friendlyNames
        let record = DurableMember(
            clientId: clientId,
            member: Member(
                member: MemberID(rawValue: idPrefix + String(joinedEver)), name: name ?? names[(joinedEver - 1) % names.count],
                color: palette[(joinedEver - 1) % palette.count]),
            lastSeq: 0)
        positions[clientId] = records.count
        memberPositions[record.member.member] = records.count
        records.append(record)
        return record
    }

    mutating func update(_ clientId: String, _ change: (inout DurableMember) -> Void) {
        guard let position = positions[clientId] else { return }
        change(&records[position])
    }

    /// Drops the tabs that are not connected: such a tab, should it come back, is a new member
    /// and its resends are applied afresh.
    private mutating func forget(except connected: [String: ConnectionID]) {
        records.removeAll { connected[$0.clientId] == nil }
        reindex()
    }

    private mutating func reindex() {
        positions = Dictionary(uniqueKeysWithValues: records.enumerated().map { ($1.clientId, $0) })
        memberPositions = Dictionary(records.enumerated().map { ($1.member.member, $0) }, uniquingKeysWith: { $1 })
    }
}
