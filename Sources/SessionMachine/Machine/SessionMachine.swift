import FocusCore
import FocusProtocol

/// One shared session as a pure state machine: membership, `hello` (a newer connection with
/// the same client id replaces the older with 4001), the hello deadline, `seq` de-duplication,
/// intent application, presence deltas, the fell-behind-to-snapshot policy and the auto-focus
/// timers.
///
/// It has no sockets, clock or randomness of its own: ``handle(_:at:ids:into:)`` takes an input,
/// the time and a generator for fresh row ids, changes the session and appends the outputs the
/// host must perform (send, broadcast, close, schedule a timer…), in order.
public struct SessionMachine: Sendable {
    /// The editor capability (the session id).
    public let id: SessionID
    /// The read-only capability.
    public let viewerID: SessionID
    public let configuration: SessionConfiguration
    private let engine: FocusEngine
    /// The FocusCore state of every screen.
    public private(set) var state: SessionState
    /// Raised by one with every applied change.
    public private(set) var revision = 0
    private var log: EventLog
    private var members: MemberDirectory
    private var connections: [ConnectionID: ConnectionState] = [:]
    /// The joined connection of each connected tab, by secret client id.
    private var connectedClients: [String: ConnectionID] = [:]
    /// Every joined connection that is keeping up: where broadcasts go.
    public private(set) var recipients = RecipientList()
    private var presence = PresenceBatch()
    private var lastPresenceAt: Int64?
    private var presenceScheduled = false
    private var notes: RenderedNotes
    /// Monotonic milliseconds since the last connection closed; nil while any is open.
    public private(set) var idleSince: Int64?
    /// Whether anyone ever said hello here (a session nobody joined expires sooner).
    public private(set) var everJoined = false

    private enum ConnectionState: Sendable {
        case waiting(Role)
        case joined(clientId: String, role: Role, behind: Bool)
    }

    /// A new session on the schema's first screen. Appends the outputs of its first screen
    /// appearing (an auto-focus timer) to `outputs`.
    public init(
        id: SessionID, viewerID: SessionID, engine: FocusEngine, configuration: SessionConfiguration,
        renderNotes: @escaping @Sendable (String) -> String, at time: MachineTime,
        ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        self.id = id
        self.viewerID = viewerID
        self.engine = engine
        self.configuration = configuration
        let start = engine.start(ids: &ids)
        state = start.state
        log = EventLog(capacity: configuration.logCapacity)
        members = MemberDirectory(capacity: configuration.rememberedClients)
        notes = RenderedNotes(render: renderNotes)
        idleSince = time.monotonicMilliseconds
        run(start.effects, into: &outputs)
    }

    /// Connections that count against the session's client limit.
    public var connectionCount: Int { connections.count }

    /// Handles one input.
    public mutating func handle(
        _ input: SessionInput, at time: MachineTime, ids: inout some RandomNumberGenerator,
        into outputs: inout [SessionOutput]
    ) {
        switch input {
        case .opened(let connection, let role):
            connections[connection] = .waiting(role)
            idleSince = nil
            outputs.append(.schedule(.helloDeadline(connection), afterMilliseconds: configuration.helloDeadlineMilliseconds))
        case .received(let message, let connection):
            receive(message, from: connection, at: time, ids: &ids, into: &outputs)
        case .closed(let connection):
            forget(connection, at: time, into: &outputs)
        case .timerFired(let timer):
            fire(timer, at: time, ids: &ids, into: &outputs)
        case .fellBehind(let connection):
            fallBehind(connection, into: &outputs)
        case .caughtUp(let connection):
            guard case .joined(let clientId, let role, true) = connections[connection] else { return }
            connections[connection] = .joined(clientId: clientId, role: role, behind: false)
            recipients.insert(connection)
            outputs.append(.send(snapshot(for: clientId, role: role), to: connection))
        }
    }

    // MARK: Messages

    private mutating func receive(
        _ message: ClientMessage, from connection: ConnectionID, at time: MachineTime,
        ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        guard let state = connections[connection] else { return }
        switch (message, state) {
        case (.ping, _):
            outputs.append(.send(.pong, to: connection))
        case (.hello(let clientId, let name), .waiting(let role)):
            hello(connection, clientId: clientId, name: name, role: role, at: time, into: &outputs)
        case (.hello, .joined):
            refuse(connection, ProtocolError(.badMessage, "This connection already said hello; send intents now."), into: &outputs)
        case (.intent(let intent), .joined(let clientId, let role, _)):
            apply(intent, from: connection, clientId: clientId, role: role, at: time, ids: &ids, into: &outputs)
        case (.rename(let name), .joined(let clientId, _, _)):
            rename(clientId, to: name, from: connection, at: time, into: &outputs)
        case (.resync, .joined(let clientId, let role, _)):
            outputs.append(.send(snapshot(for: clientId, role: role), to: connection))
        case (.intent(let intent), .waiting):
            refuse(connection, ProtocolError(.notHelloFirst, "Say hello first: {\"type\":\"hello\",\"clientId\":\"…\"}.", seq: intent.seq), into: &outputs)
        case (.rename, .waiting), (.resync, .waiting):
            refuse(connection, ProtocolError(.notHelloFirst, "Say hello first: {\"type\":\"hello\",\"clientId\":\"…\"}."), into: &outputs)
        }
    }

    private func refuse(_ connection: ConnectionID, _ error: ProtocolError, into outputs: inout [SessionOutput]) {
        outputs.append(.send(.error(error), to: connection))
    }

    /// A client id is the tab's secret: 16 to 64 characters of `[A-Za-z0-9_-]`.
    public static func isValidClientID(_ id: String) -> Bool {
        (16...64).contains(id.utf8.count) && id.utf8.allSatisfy(SessionID.isURLSafe)
    }

    private mutating func hello(
        _ connection: ConnectionID, clientId: String, name: String?, role: Role, at time: MachineTime,
        into outputs: inout [SessionOutput]
    ) {
        guard Self.isValidClientID(clientId) else {
            refuse(connection, ProtocolError(
                .badMessage, "'clientId' must be 16 to 64 characters of letters, digits, '-' and '_', and kept secret."),
                into: &outputs)
            return
        }
        let requested = DisplayName.bounded(name)
        // A newer connection with the same client id wins: a reconnect racing the old socket's
        // close, or a duplicated tab. The member stays present throughout.
        let replaced = connectedClients[clientId]
        if let replaced {
            connections[replaced] = nil
            recipients.remove(replaced)
            outputs.append(.close(replaced, .replaced, reason: "replaced by a newer connection with this clientId"))
        }
        var record = members.record(for: clientId, name: requested, connected: Set(connectedClients.keys))
        if let requested, record.member.name != requested {
            members.update(clientId) { $0.member.name = requested }
            record.member.name = requested
            if replaced != nil { presence.rename(record.member) }
        }
        connections[connection] = .joined(clientId: clientId, role: role, behind: false)
        connectedClients[clientId] = connection
        recipients.insert(connection)
        everJoined = true
        outputs.append(.cancel(.helloDeadline(connection)))
        outputs.append(.send(snapshot(for: clientId, role: role), to: connection))
        if replaced == nil { presence.join(record.member) }
        presenceChanged(at: time, into: &outputs)
    }

    private mutating func rename(
        _ clientId: String, to name: String, from connection: ConnectionID, at time: MachineTime,
        into outputs: inout [SessionOutput]
    ) {
        guard let bounded = DisplayName.bounded(name) else {
            refuse(connection, ProtocolError(.badMessage, "A name needs at least one letter, digit or sign that can be shown."), into: &outputs)
            return
        }
        guard let record = members[clientId], record.member.name != bounded else { return }
        members.update(clientId) { $0.member.name = bounded }
        presence.rename(Member(member: record.member.member, name: bounded, color: record.member.color))
        presenceChanged(at: time, into: &outputs)
    }

    private mutating func forget(_ connection: ConnectionID, at time: MachineTime, into outputs: inout [SessionOutput]) {
        switch connections.removeValue(forKey: connection) {
        case .waiting:
            outputs.append(.cancel(.helloDeadline(connection)))
        case .joined(let clientId, _, _):
            recipients.remove(connection)
            if connectedClients[clientId] == connection {
                connectedClients[clientId] = nil
                if let member = members[clientId]?.member.member {
                    presence.leave(member)
                    presenceChanged(at: time, into: &outputs)
                }
            }
        case nil:
            break
        }
        if connections.isEmpty { idleSince = time.monotonicMilliseconds }
    }

    private mutating func fallBehind(_ connection: ConnectionID, into outputs: inout [SessionOutput]) {
        switch connections[connection] {
        case .joined(let clientId, let role, false):
            // Never a snapshot per update for a member already behind: one when it catches up.
            connections[connection] = .joined(clientId: clientId, role: role, behind: true)
            recipients.remove(connection)
            outputs.append(.dropBacklog(connection))
        case .waiting:
            connections[connection] = nil
            outputs.append(.cancel(.helloDeadline(connection)))
            outputs.append(.close(connection, .policyViolation, reason: "client is not reading its messages"))
        case .joined(_, _, true), nil:
            break
        }
    }

    // MARK: Intents

    private mutating func apply(
        _ message: IntentMessage, from connection: ConnectionID, clientId: String, role: Role, at time: MachineTime,
        ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        guard role == .editor else {
            refuse(connection, ProtocolError(.readOnly, "This is a viewer link: it shows the session but cannot change it.", seq: message.seq), into: &outputs)
            return
        }
        guard let record = members[clientId] else { return }
        guard message.seq > record.lastSeq else {
            outputs.append(.send(.ack(seq: message.seq, reason: .duplicate), to: connection))
            return
        }
        let intent: Intent
        switch message.action {
        case .focus(let key): intent = .focus(key)
        case .edit(let key, let text): intent = .edit(key, text)
        case .splice:
            refuse(connection, ProtocolError(.badSplice, "Splices are not accepted yet; send the whole value with edit.", seq: message.seq), into: &outputs)
            return
        case .submit: intent = .submit
        case .next: intent = .next
        case .previous: intent = .previous
        case .validate: intent = .validate
        case .addRow(let list): intent = .addRow(list)
        case .removeRow(let list, let row): intent = .removeRow(list, row)
        case .navigate(let screen): intent = .navigate(to: screen)
        case .configure(let patch): intent = .configure(patch)
        }
        let before = state
        let outcome: Outcome
        do {
            outcome = try engine.apply(intent, on: message.screen, to: &state, ids: &ids)
        } catch {
            refuse(connection, ProtocolError(error, seq: message.seq), into: &outputs)
            return
        }
        members.update(clientId) { $0.lastSeq = message.seq }
        switch outcome {
        case .unchanged(let reason):
            outputs.append(.send(.ack(seq: message.seq, reason: reason), to: connection))
        case .applied(let events, let effects):
            publish(events, before: before, by: record.member.member, seq: message.seq, at: time, into: &outputs)
            run(effects, into: &outputs)
        }
    }

    private mutating func fire(
        _ timer: SessionTimer, at time: MachineTime, ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        switch timer {
        case .helloDeadline(let connection):
            guard case .waiting = connections[connection] else { return }
            connections[connection] = nil
            let seconds = configuration.helloDeadlineMilliseconds / 1000
            refuse(connection, ProtocolError(.notHelloFirst, "No hello within \(seconds) s; say hello right after connecting."), into: &outputs)
            outputs.append(.close(connection, .policyViolation, reason: ErrorCode.notHelloFirst.rawValue))
            if connections.isEmpty { idleSince = time.monotonicMilliseconds }
        case .presence:
            presenceScheduled = false
            flushPresence(at: time, into: &outputs)
        case .autoFocus(let token):
            // The server itself moves focus, for every member at once.
            let before = state
            guard let outcome = try? engine.apply(.autoFocusFired(token), on: state.current, to: &state, ids: &ids),
                  case .applied(let events, let effects) = outcome
            else { return }
            publish(events, before: before, by: nil, seq: nil, at: time, into: &outputs)
            run(effects, into: &outputs)
        }
    }

    private func run(_ effects: [Effect], into outputs: inout [SessionOutput]) {
        for effect in effects {
            switch effect {
            case .scheduleAutoFocus(let token, let milliseconds, _, _):
                outputs.append(.schedule(.autoFocus(token), afterMilliseconds: milliseconds))
            case .cancelAutoFocus(let token):
                outputs.append(.cancel(.autoFocus(token)))
            }
        }
    }

    /// Raises the revision, logs the events and broadcasts one update: the events and a merge
    /// patch of what they changed.
    private mutating func publish(
        _ events: [FocusEvent], before: SessionState, by member: MemberID?, seq: Int?, at time: MachineTime,
        into outputs: inout [SessionOutput]
    ) {
        revision += 1
        let at = time.wallMilliseconds
        log.append(contentsOf: events.map { LogEntry(revision: revision, at: at, by: member, seq: seq, event: $0) })
        var rendered: [ScreenID: [RowID: String]] = [:]
        for screen in Set(events.compactMap(\.screen)) {
            rendered[screen] = notesHTML(of: screen)
        }
        let patch = StatePatch(engine: engine, before: before, after: state) { rendered[$0] }.build(from: events)
        outputs.append(.broadcast(.update(UpdateMessage(revision: revision, by: member, seq: seq, at: at, events: events, patch: patch))))
    }

    // MARK: Presence

    /// Sends presence now, or once ``SessionConfiguration/presenceIntervalMilliseconds`` have
    /// passed since the last: a thousand joins in a second cost ten presence messages, not a thousand.
    private mutating func presenceChanged(at time: MachineTime, into outputs: inout [SessionOutput]) {
        guard !presenceScheduled else { return }
        let wait = (lastPresenceAt ?? .min / 2) + Int64(configuration.presenceIntervalMilliseconds) - time.monotonicMilliseconds
        guard wait > 0 else {
            flushPresence(at: time, into: &outputs)
            return
        }
        presenceScheduled = true
        outputs.append(.schedule(.presence, afterMilliseconds: Int(wait)))
    }

    private mutating func flushPresence(at time: MachineTime, into outputs: inout [SessionOutput]) {
        guard !presence.isEmpty else { return }
        lastPresenceAt = time.monotonicMilliseconds
        outputs.append(.broadcast(.presence(presence.take())))
    }

    // MARK: Snapshots

    /// The session state as a snapshot and `GET /api/sessions/{id}` carry it.
    public mutating func sessionSnapshot() -> SessionSnapshot {
        var snapshot = engine.snapshot(of: state)
        for screen in engine.schema.screens {
            if let html = notesHTML(of: screen.id) { snapshot.screens[screen.id]?.notesHTML = html }
        }
        return snapshot
    }

    /// The members connected now, in the order they first joined.
    public var present: [MemberID] {
        members.records.filter { connectedClients[$0.clientId] != nil }.map(\.member.member)
    }

    private mutating func snapshot(for clientId: String, role: Role) -> ServerMessage {
        let you = members[clientId]?.member ?? Member(member: MemberID(rawValue: "?"), name: "?", color: MemberColors.palette[0])
        return .snapshot(SnapshotMessage(
            revision: revision, you: you, role: role, schema: engine.schema, state: sessionSnapshot(),
            members: members.records.map(\.member), present: present, log: Array(log.recent)))
    }

    /// Rendered Markdown of the list on `screen` that previews it, if any.
    private mutating func notesHTML(of screen: ScreenID) -> [RowID: String]? {
        guard let declaration = engine.schema.screen(screen), let screenState = state[screen],
              let list = declaration.lists.first(where: { $0.markdownPreview != nil }), let preview = list.markdownPreview
        else { return nil }
        return notes.html(for: screenState.rows(in: list.id)) { screenState.value(FocusKey(preview, id: $0)) }
    }
}
