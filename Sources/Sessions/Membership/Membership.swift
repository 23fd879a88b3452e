import FocusProtocol

/// Who is in a session, as a child machine of ``SessionMachine``: its connections, the tabs it
/// remembers, `hello` (a newer connection with the same client id replaces the older with 4001),
/// the hello deadline, renames, presence deltas folded per interval, the policy for a member that
/// stops reading, and how long the session has been idle (not while other processes serve its
/// viewers).
struct Membership: Sendable {
    let helloDeadlineMilliseconds: Int
    let presenceIntervalMilliseconds: Int
    private(set) var members: MemberDirectory

    /// New members get ids that start with `prefix` (see ``MemberDirectory/idPrefix``).
    mutating func nameNewMembers(prefix: String) {
        members.idPrefix = prefix
    }
    /// One open connection: where it stands, and its position in ``recipients`` (-1 while it is
    /// not one).
    private struct Slot: Sendable {
        var state: ConnectionState
        var recipient: Int32 = -1
    }
    /// The session's one table by connection; the member directory is its one table by client id.
    private var connections: [ConnectionID: Slot] = [:]
    /// Every joined connection that is keeping up: where broadcasts go.
    private(set) var recipients = RecipientList()
    private(set) var roster: PresenceRoster
    private var lastPresenceAt: Int64?
    private var presenceScheduled = false
    /// Monotonic milliseconds since the last connection closed; nil while any is open, or while
    /// other processes serve viewers of the session.
    private(set) var idleSince: Int64?
    /// Whether anyone ever said hello here (a session nobody joined expires sooner).
    private(set) var everJoined: Bool

    /// Membership of a session nobody is connected to, remembering `members`.
    init(configuration: SessionConfiguration, members: MemberDirectory, idleSince: Int64) {
        helloDeadlineMilliseconds = configuration.helloDeadlineMilliseconds
        presenceIntervalMilliseconds = configuration.presenceIntervalMilliseconds
        self.members = members
        roster = PresenceRoster(nameLimit: configuration.namedMembers)
        self.idleSince = idleSince
        everJoined = !members.records.isEmpty
    }

    /// Connections that count against the session's client limit.
    var connectionCount: Int { connections.count }

    /// Where `connection` stands, if it is open.
    func state(of connection: ConnectionID) -> ConnectionState? {
        connections[connection]?.state
    }

    /// The remembered tab with this secret client id.
    subscript(clientId: String) -> DurableMember? {
        members[clientId]
    }

    /// The joined connection of the tab with this secret client id, while it is connected.
    func connection(of clientId: String) -> ConnectionID? {
        members.connection(of: clientId)
    }

    /// Whether the session remembers the tab with this secret client id.
    func remembers(_ clientId: String) -> Bool {
        members.contains(clientId)
    }

    /// Changes the record of a remembered tab (its last `seq`, its splices).
    mutating func update(_ clientId: String, _ change: (inout DurableMember) -> Void) {
        members.update(clientId, change)
    }

    /// Puts back a tab the durable log names (a join or rename after the snapshot, or the author
    /// of a replayed change).
    mutating func restore(_ member: DurableMember) {
        members.restore(member)
        everJoined = true
    }

    /// Handles one input, appending what the session must do.
    mutating func handle(_ input: MembershipInput, at time: MachineTime, into outputs: inout [MembershipOutput]) {
        switch input {
        case .opened(let connection, let role):
            connections[connection] = Slot(state: .waiting(role))
            idleSince = nil
            outputs.append(.schedule(.helloDeadline(connection), afterMilliseconds: helloDeadlineMilliseconds))
        case .hello(let connection, let clientId, let name):
            guard case .waiting(let role) = connections[connection]?.state else { return }
            hello(connection, clientId: clientId, name: name, role: role, at: time, into: &outputs)
        case .rename(let connection, let name):
            guard case .joined(let clientId, _, _) = connections[connection]?.state else { return }
            rename(clientId, to: name, from: connection, at: time, into: &outputs)
        case .closed(let connection):
            forget(connection, at: time, into: &outputs)
        case .helloDeadlinePassed(let connection):
            guard case .waiting = connections[connection]?.state else { return }
            connections[connection] = nil
            let seconds = helloDeadlineMilliseconds / 1000
            outputs.append(
                .refuse(
                    connection, ProtocolError(.notHelloFirst, "No hello within \(seconds) s; say hello right after connecting.")))
            outputs.append(.close(connection, .policyViolation, reason: ErrorCode.notHelloFirst.rawValue))
            becomeIdleIfEmpty(at: time)
        case .presenceDue:
            presenceScheduled = false
            flushPresence(at: time, into: &outputs)
        case .fellBehind(let connection):
            fallBehind(connection, into: &outputs)
        case .caughtUp(let connection):
            guard case .joined(let clientId, let role, true) = connections[connection]?.state else { return }
            connections[connection]?.state = .joined(clientId: clientId, role: role, behind: false)
            startSending(to: connection)
            outputs.append(.welcome(connection, clientId: clientId, role: role))
        case .viewersElsewhere(let count):
            let count = max(0, count)
            guard count != roster.viewersElsewhere else { return }
            roster.viewersElsewhere = count
            if count > 0 {
                idleSince = nil
            } else if idleSince == nil {
                becomeIdleIfEmpty(at: time)
            }
            presenceChanged(at: time, into: &outputs)
        }
    }

    /// Starts the idle time once nobody is connected here and no viewer is served elsewhere.
    private mutating func becomeIdleIfEmpty(at time: MachineTime) {
        if connections.isEmpty && roster.viewersElsewhere == 0 { idleSince = time.monotonicMilliseconds }
    }

    /// A client id is the tab's secret: 16 to 64 characters of `[A-Za-z0-9_-]`.
    static func isValidClientID(_ id: String) -> Bool {
        (16...64).contains(id.utf8.count) && id.utf8.allSatisfy(SessionID.isURLSafe)
    }

    private mutating func hello(
        _ connection: ConnectionID, clientId: String, name: String?, role: Role, at time: MachineTime,
        into outputs: inout [MembershipOutput]
    ) {
        guard Self.isValidClientID(clientId) else {
            outputs.append(
                .refuse(
                    connection,
                    ProtocolError(
                        .badMessage, "'clientId' must be 16 to 64 characters of letters, digits, '-' and '_', and kept secret.")))
            return
        }
        let requested = DisplayName.bounded(name)
        // A newer connection with the same client id wins: a reconnect racing the old socket's
        // close, or a duplicated tab. The member stays present throughout.
        let replaced = members.connection(of: clientId)
        var replacedRole: Role?
        if let replaced {
            if case .joined(_, let oldRole, _) = connections[replaced]?.state { replacedRole = oldRole }
            stopSending(to: replaced)
            connections[replaced] = nil
            outputs.append(.close(replaced, .replaced, reason: "replaced by a newer connection with this clientId"))
        }
        let isNew = members[clientId] == nil
        var record = members.record(for: clientId, name: requested)
        if let requested, !record.member.name.utf8.elementsEqual(requested.utf8) {
            members.update(clientId) { $0.member.name = requested }
            record.member.name = requested
            outputs.append(.persist(record))
        } else if isNew {
            outputs.append(.persist(record))
        }
        connections[connection] = Slot(state: .joined(clientId: clientId, role: role, behind: false))
        members.link(clientId, to: connection)
        startSending(to: connection)
        everJoined = true
        outputs.append(.cancel(.helloDeadline(connection)))
        // A replacing connection (a reconnect racing the old socket's close) keeps its place:
        // others see no leave and no join, at most a new name.
        if let replacedRole, replacedRole == role {
            roster.rename(clientId, to: record.member)
        } else {
            if let replacedRole {
                let directory = members
                roster.depart(clientId, role: replacedRole) { directory[$0]?.member }
            }
            roster.arrive(clientId, as: record.member, role: role)
        }
        outputs.append(.welcome(connection, clientId: clientId, role: role))
        presenceChanged(at: time, into: &outputs)
    }

    private mutating func rename(
        _ clientId: String, to name: String, from connection: ConnectionID, at time: MachineTime,
        into outputs: inout [MembershipOutput]
    ) {
        guard let bounded = DisplayName.bounded(name) else {
            outputs.append(
                .refuse(
                    connection, ProtocolError(.badMessage, "A name needs at least one letter, digit or sign that can be shown.")))
            return
        }
        // By bytes: "é" and "e" + U+0301 are equal Strings but different names to show.
        guard var record = members[clientId], !record.member.name.utf8.elementsEqual(bounded.utf8) else { return }
        members.update(clientId) { $0.member.name = bounded }
        record.member.name = bounded
        outputs.append(.persist(record))
        roster.rename(clientId, to: record.member)
        presenceChanged(at: time, into: &outputs)
    }

    private mutating func forget(_ connection: ConnectionID, at time: MachineTime, into outputs: inout [MembershipOutput]) {
        stopSending(to: connection)
        switch connections.removeValue(forKey: connection)?.state {
        case .waiting:
            outputs.append(.cancel(.helloDeadline(connection)))
        case .joined(let clientId, let role, _):
            if members.connection(of: clientId) == connection {
                members.link(clientId, to: nil)
                let directory = members
                roster.depart(clientId, role: role) { directory[$0]?.member }
                if let member = members[clientId]?.member.member { outputs.append(.departed(member)) }
                presenceChanged(at: time, into: &outputs)
            }
        case nil:
            break
        }
        becomeIdleIfEmpty(at: time)
    }

    private mutating func fallBehind(_ connection: ConnectionID, into outputs: inout [MembershipOutput]) {
        switch connections[connection]?.state {
        case .joined(let clientId, let role, false):
            // Never a snapshot per update for a member already behind: one when it catches up.
            connections[connection]?.state = .joined(clientId: clientId, role: role, behind: true)
            stopSending(to: connection)
            outputs.append(.dropBacklog(connection))
        case .waiting:
            connections[connection] = nil
            outputs.append(.cancel(.helloDeadline(connection)))
            outputs.append(.close(connection, .policyViolation, reason: "client is not reading its messages"))
        case .joined(_, _, true), nil:
            break
        }
    }

    private mutating func startSending(to connection: ConnectionID) {
        guard let slot = connections[connection], slot.recipient < 0 else { return }
        connections[connection]?.recipient = recipients.append(connection)
    }

    private mutating func stopSending(to connection: ConnectionID) {
        guard let position = connections[connection]?.recipient, position >= 0 else { return }
        connections[connection]?.recipient = -1
        if let moved = recipients.remove(at: position) { connections[moved]?.recipient = position }
    }

    // MARK: Presence

    /// Sends presence now, or once ``presenceIntervalMilliseconds`` have passed since the last:
    /// a thousand joins in a second cost ten presence messages, not a thousand.
    private mutating func presenceChanged(at time: MachineTime, into outputs: inout [MembershipOutput]) {
        guard !presenceScheduled else { return }
        let wait = (lastPresenceAt ?? .min / 2) + Int64(presenceIntervalMilliseconds) - time.monotonicMilliseconds
        guard wait > 0 else {
            flushPresence(at: time, into: &outputs)
            return
        }
        presenceScheduled = true
        outputs.append(.schedule(.presence, afterMilliseconds: Int(wait)))
    }

    private mutating func flushPresence(at time: MachineTime, into outputs: inout [MembershipOutput]) {
        guard roster.hasNews else { return }
        lastPresenceAt = time.monotonicMilliseconds
        outputs.append(.presence(roster.take()))
    }
}
