import FocusProtocol

/// Every tab a session remembers, by secret client id, in the order they first joined, with the
/// joined connection of each connected one. Bounded: past ``capacity`` the tabs that are not
/// connected are forgotten.
///
/// One hash table, by client id: a session of a hundred members holds 256 buckets per table, so
/// each table costs 40–80 bytes per member (docs/PERFORMANCE.md, idle memory).
struct MemberDirectory: Sendable {
    let capacity: Int
    private(set) var records: [DurableMember] = []
    /// The joined connection of each record's tab while it is connected, beside `records`.
    private var links: [ConnectionID?] = []
    private var positions: [String: Int] = [:]
    /// How many remembered tabs are connected.
    private(set) var connectedCount = 0
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
        } else {
            positions[record.clientId] = records.count
            records.append(record)
            links.append(nil)
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

    /// The member with this public id, if the session remembers it. A pass over the records:
    /// it names the people of a sentence or a past revision, never on the path of an intent.
    func member(_ id: MemberID) -> Member? {
        records.last { $0.member.member == id }?.member
    }

    /// The joined connection of the tab with this secret client id, while it is connected.
    func connection(of clientId: String) -> ConnectionID? {
        positions[clientId].flatMap { links[$0] }
    }

    /// Records that the remembered tab `clientId` is connected through `connection`, or no
    /// longer connected (nil).
    mutating func link(_ clientId: String, to connection: ConnectionID?) {
        guard let position = positions[clientId] else { return }
        connectedCount += (connection == nil ? 0 : 1) - (links[position] == nil ? 0 : 1)
        links[position] = connection
    }

    /// The record of `clientId`, made on its first hello with a fresh member id, a colour and
    /// `name` or a friendly one. Past the capacity, tabs that are not connected are forgotten.
    mutating func record(for clientId: String, name: String?) -> DurableMember {
        if let record = self[clientId] { return record }
        // Only when some tab can be forgotten: with every remembered tab connected there is
        // nothing to gain from a pass over all of them.
        if records.count >= capacity, records.count > connectedCount {
            forgetDisconnected()
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
        records.append(record)
        links.append(nil)
        return record
    }

    mutating func update(_ clientId: String, _ change: (inout DurableMember) -> Void) {
        guard let position = positions[clientId] else { return }
        change(&records[position])
    }

    /// Drops the tabs that are not connected: such a tab, should it come back, is a new member
    /// and its resends are applied afresh.
    private mutating func forgetDisconnected() {
        let kept = links.indices.filter { links[$0] != nil }
        records = kept.map { records[$0] }
        links = kept.map { links[$0] }
        positions = Dictionary(uniqueKeysWithValues: records.enumerated().map { ($1.clientId, $0) })
    }
}
