import FocusProtocol

/// Who is here, as presence tells it: the first ``nameLimit`` editors to arrive are named one by
/// one (their joins, leaves and renames are deltas), everyone else is counted: further editors,
/// and every viewer. A class of thirty sees every name; a hall of five thousand sees the first
/// names and how many more are here, and announcing one more arrival costs a count, not a name
/// to every member. Viewers connected to other processes (``viewersElsewhere``) are counted too.
struct PresenceRoster: Sendable {
    /// How many editors are named.
    let nameLimit: Int
    /// Named editors, by secret client id, in the order they arrived.
    private(set) var named: [(clientId: String, member: Member)] = []
    /// Editors present beyond the limit, in the order they arrived (some may have left since: see `departed`).
    private var waiting: [String] = []
    private var waitingHead = 0
    private var departed: Set<String> = []
    private(set) var editors = 0
    private(set) var viewers = 0
    /// Viewers other processes serve (relays' copies): counted, never named.
    var viewersElsewhere = 0
    private var batch = PresenceBatch()
    private var announced = PresenceCount(editors: 0, viewers: 0)

    init(nameLimit: Int) {
        self.nameLimit = nameLimit
    }

    var count: PresenceCount { PresenceCount(editors: editors, viewers: viewers + viewersElsewhere) }

    /// Whether `clientId` is one of the named editors (at most ``nameLimit`` to look through).
    func isNamed(_ clientId: String) -> Bool {
        named.contains { $0.clientId == clientId }
    }

    /// Whether the next presence message has anything to say.
    var hasNews: Bool { !batch.isEmpty || count != announced }

    mutating func arrive(_ clientId: String, as member: Member, role: Role) {
        guard role == .editor else {
            viewers += 1
            return
        }
        editors += 1
        departed.remove(clientId)
        if named.count < nameLimit {
            named.append((clientId, member))
            batch.join(member)
        } else {
            waiting.append(clientId)
        }
    }

    /// `clientId` left; `member(of:)` gives the current record of a waiting editor who takes a
    /// named place.
    mutating func depart(_ clientId: String, role: Role, member: (String) -> Member?) {
        guard role == .editor else {
            viewers -= 1
            return
        }
        editors -= 1
        guard let index = named.firstIndex(where: { $0.clientId == clientId }) else {
            departed.insert(clientId)
            return
        }
        batch.leave(named.remove(at: index).member.member)
        while waitingHead < waiting.count {
            let next = waiting[waitingHead]
            waitingHead += 1
            if departed.remove(next) != nil { continue }
            guard let promoted = member(next) else { continue }
            named.append((next, promoted))
            batch.join(promoted)
            break
        }
        if waitingHead > 1_024 && waitingHead * 2 > waiting.count {
            waiting.removeFirst(waitingHead)
            waitingHead = 0
        }
    }

    /// `clientId` may have a new name; named members' renames are announced.
    mutating func rename(_ clientId: String, to member: Member) {
        guard let index = named.firstIndex(where: { $0.clientId == clientId }), named[index].member != member else { return }
        named[index].member = member
        batch.rename(member)
    }

    /// The presence message for what changed, emptying the batch.
    mutating func take() -> PresenceMessage {
        var message = batch.take()
        message.count = count
        announced = count
        return message
    }
}
