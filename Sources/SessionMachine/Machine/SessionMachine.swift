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
    /// The schema as snapshots carry it, shared like ``snapshotState``.
    private var schema: EncodedJSON<Schema>?
    /// The FocusCore state of every screen.
    public private(set) var state: SessionState {
        didSet { snapshotState = nil }
    }
    /// Raised by one with every applied change.
    public private(set) var revision = 0
    /// The lesson the session follows, shared by every member; `nil` without one.
    public private(set) var lesson: LessonProgress? {
        didSet { snapshotState = nil }
    }
    /// ``sessionSnapshot()`` as snapshots carry it, shared by a burst of joins: kept until the
    /// state or the lesson changes, or the presence announcing the joins goes out (within one
    /// presence interval), so a quiet session holds no copy.
    private var snapshotState: EncodedJSON<SessionSnapshot>?
    private var log: EventLog
    private var members: MemberDirectory
    private var connections: [ConnectionID: ConnectionState] = [:]
    /// The joined connection of each connected tab, by secret client id.
    private var connectedClients: [String: ConnectionID] = [:]
    /// Every joined connection that is keeping up: where broadcasts go.
    public private(set) var recipients = RecipientList()
    private var roster: PresenceRoster
    private var lastPresenceAt: Int64?
    private var presenceScheduled = false
    private var notes: RenderedNotes
    /// Every text change of each field since ``historyStart``, to transform splices made on an
    /// older text (the server's half of the text merging).
    private var histories: [FieldName: FieldHistory] = [:]
    /// The revision from which every text change is in ``histories`` (0, or the revision a
    /// restore started from): a splice based on an earlier revision is `stale_base`.
    private var historyStart = 0
    /// Monotonic milliseconds since the last connection closed; nil while any is open.
    public private(set) var idleSince: Int64?
    /// Whether anyone ever said hello here (a session nobody joined expires sooner).
    public private(set) var everJoined = false
    /// The recent past, for `history`.
    private var timeline: Timeline

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
        roster = PresenceRoster(nameLimit: configuration.namedMembers)
        notes = RenderedNotes(render: renderNotes)
        idleSince = time.monotonicMilliseconds
        timeline = Timeline(start: DurableSession(
            id: id.rawValue, viewer: viewerID.rawValue, revision: 0, state: state, members: [], joinedEver: 0, log: [], lesson: nil),
            capacity: configuration.timelineChanges, interval: configuration.timelineInterval)
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
        case (.history(let revision), .joined):
            outputs.append(.send(past(at: revision, time: time), to: connection))
        case (.intent(let intent), .waiting):
            refuse(connection, ProtocolError(.notHelloFirst, "Say hello first: {\"type\":\"hello\",\"clientId\":\"…\"}.", seq: intent.seq), into: &outputs)
        case (.rename, .waiting), (.resync, .waiting), (.history, .waiting):
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
        var replacedRole: Role?
        if let replaced {
            if case .joined(_, let oldRole, _) = connections[replaced] { replacedRole = oldRole }
            connections[replaced] = nil
            recipients.remove(replaced)
            outputs.append(.close(replaced, .replaced, reason: "replaced by a newer connection with this clientId"))
        }
        let isNew = members[clientId] == nil
        var record = members.record(for: clientId, name: requested, connected: connectedClients, connectedCount: connectedClients.count)
        if let requested, !record.member.name.utf8.elementsEqual(requested.utf8) {
            members.update(clientId) { $0.member.name = requested }
            record.member.name = requested
            outputs.append(.persist(.member(record)))
        } else if isNew {
            outputs.append(.persist(.member(record)))
        }
        connections[connection] = .joined(clientId: clientId, role: role, behind: false)
        connectedClients[clientId] = connection
        recipients.insert(connection)
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
        outputs.append(.send(snapshot(for: clientId, role: role), to: connection))
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
        // By bytes: "é" and "e" + U+0301 are equal Strings but different names to show.
        guard var record = members[clientId], !record.member.name.utf8.elementsEqual(bounded.utf8) else { return }
        members.update(clientId) { $0.member.name = bounded }
        record.member.name = bounded
        outputs.append(.persist(.member(record)))
        roster.rename(clientId, to: record.member)
        presenceChanged(at: time, into: &outputs)
    }

    private mutating func forget(_ connection: ConnectionID, at time: MachineTime, into outputs: inout [SessionOutput]) {
        switch connections.removeValue(forKey: connection) {
        case .waiting:
            outputs.append(.cancel(.helloDeadline(connection)))
        case .joined(let clientId, let role, _):
            recipients.remove(connection)
            if connectedClients[clientId] == connection {
                connectedClients[clientId] = nil
                let directory = members
                roster.depart(clientId, role: role) { directory[$0]?.member }
                presenceChanged(at: time, into: &outputs)
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
        let before = state
        let lessonBefore = lesson
        var recorder = RecordingGenerator(ids)
        let outcome: Outcome
        let applied: [TextSplice]?
        do {
            (outcome, applied) = try applyToState(message, by: record.member.member, replaying: nil, ids: &recorder)
        } catch {
            refuse(connection, error, into: &outputs)
            return
        }
        ids = recorder.base
        members.update(clientId) { $0.lastSeq = message.seq }
        switch outcome {
        case .unchanged(let reason):
            // No change record carries this seq, so the member's record does: after a restart a
            // resent copy is still a duplicate, never applied late to a newer state.
            if let handled = members[clientId] { outputs.append(.persist(.member(handled))) }
            outputs.append(.send(.ack(seq: message.seq, reason: reason), to: connection))
        case .applied(var events, var effects):
            noteSplice(message, by: clientId)
            if !message.isLesson { followLesson(&events, &effects) }
            keep(ChangeRecord(
                revision: revision + 1, at: time.wallMilliseconds,
                cause: .intent(message, clientId: clientId, member: record.member.member, applied: applied), draws: recorder.draws),
                into: &outputs)
            recordTextChanges(events, before: before, by: record.member.member)
            publish(events, before: before, lessonBefore: lessonBefore, by: record.member.member, seq: message.seq, at: time, into: &outputs)
            run(effects, into: &outputs)
        }
    }

    /// After an applied change: checks it against the lesson's current step. A passed step moves
    /// the lesson on, and the next step's settings are applied in the same change (their events
    /// and effects are added).
    private mutating func followLesson(_ events: inout [FocusEvent], _ effects: inout [Effect]) {
        guard var progress = lesson, let definition = configuration.lessons.lesson(progress.lesson) else { return }
        let verdict = progress.observe(events: events, after: try? engine.snapshot(of: definition.screen, in: state), in: definition)
        lesson = progress
        guard verdict == .passed, !progress.complete else { return }
        let settings = definition.settingsPatch(atStep: progress.step, from: state.settings)
        // Settings draw no row ids.
        var none = ReplayingGenerator([])
        guard !settings.isEmpty, let outcome = try? engine.apply(.configure(settings), on: state.current, to: &state, ids: &none)
        else { return }
        events += outcome.events
        effects += outcome.effects
    }

    /// Starts a lesson at `step`, showing the lesson's screen and applying the settings that step
    /// needs, or stops it.
    private mutating func startLesson(
        _ id: LessonID?, step: Int, seq: Int, ids: inout some RandomNumberGenerator
    ) throws(ProtocolError) -> Outcome {
        guard let id else {
            guard lesson != nil else { return .unchanged(.unchanged) }
            lesson = nil
            return .applied(events: [], effects: [])
        }
        let progress: LessonProgress
        do {
            progress = try configuration.lessons.progress(id, at: step)
        } catch {
            throw ProtocolError(.unknownLesson, error.message, seq: seq)
        }
        guard let definition = configuration.lessons.lesson(id) else { return .unchanged(.unchanged) }
        var events: [FocusEvent] = []
        var effects: [Effect] = []
        var intents: [Intent] = []
        if state.current != definition.screen { intents.append(.navigate(to: definition.screen)) }
        let settings = definition.settingsPatch(atStep: step, from: state.settings)
        if !settings.isEmpty { intents.append(.configure(settings)) }
        for intent in intents {
            if case .applied(let more, let moreEffects) = try? engine.apply(intent, on: state.current, to: &state, ids: &ids) {
                events += more
                effects += moreEffects
            }
        }
        guard progress != lesson || !events.isEmpty else { return .unchanged(.unchanged) }
        lesson = progress
        return .applied(events: events, effects: effects)
    }

    /// Applies an intent's action to the FocusCore state. A splice is transformed against the
    /// field's history (or, `replaying` a stored change, applied as it was then); returns the
    /// splices it became.
    private mutating func applyToState(
        _ message: IntentMessage, by member: MemberID, replaying stored: [TextSplice]?, ids: inout some RandomNumberGenerator
    ) throws(ProtocolError) -> (Outcome, applied: [TextSplice]?) {
        let intent: Intent
        var applied: [TextSplice]?
        switch message.action {
        case .focus(let key): intent = .focus(key)
        case .edit(let key, let text): intent = .edit(key, text)
        case .splice(let key, let base, let at, let delete, let insert):
            let text = state[message.screen]?.values[key] ?? ""
            let operation: TextOperation
            if let stored {
                operation = TextOperation(splices: stored, length: text.utf16Length)
            } else {
                let history = histories[FieldName(message.screen, key)] ?? FieldHistory(since: historyStart)
                switch history.rebase(TextSplice(at: at, delete: delete, insert: insert), base: base, member: member.rawValue, current: revision, text: text) {
                case .success(let rebased): operation = rebased
                case .failure(let error): throw ProtocolError(FocusError.splice(error), seq: message.seq)
                }
            }
            applied = operation.splices
            intent = .splice(key, operation)
        case .submit: intent = .submit
        case .next: intent = .next
        case .previous: intent = .previous
        case .validate: intent = .validate
        case .addRow(let list): intent = .addRow(list)
        case .removeRow(let list, let row): intent = .removeRow(list, row)
        case .navigate(let screen): intent = .navigate(to: screen)
        case .configure(let patch): intent = .configure(patch)
        case .lesson(let id, let step):
            return (try startLesson(id, step: step, seq: message.seq, ids: &ids), nil)
        }
        do {
            return (try engine.apply(intent, on: message.screen, to: &state, ids: &ids), applied)
        } catch {
            throw ProtocolError(error, seq: message.seq)
        }
    }

    /// Records every text change of an applied change in its field's history (whole-value edits
    /// too: a splice made before one must be transformed over it), under the revision it makes;
    /// a removed row's fields take their histories with them.
    private mutating func recordTextChanges(_ events: [FocusEvent], before: SessionState, by member: MemberID?) {
        for event in events {
            switch event {
            case .edit(let screen, let key, let ops):
                let length = (before[screen]?.values[key] ?? "").utf16Length
                histories[FieldName(screen, key), default: FieldHistory(since: historyStart)]
                    .record(splices: ops, length: length, revision: revision + 1, member: member?.rawValue ?? "")
            case .rowRemoved(let screen, _, let row):
                histories = histories.filter { $0.key.screen != screen || $0.key.key.rowID != row }
            default:
                break
            }
        }
    }

    /// Remembers the tab's last applied splice of a field, which its next snapshot reports.
    private mutating func noteSplice(_ message: IntentMessage, by clientId: String) {
        guard case .splice(let key, _, _, _, _) = message.action else { return }
        members.update(clientId) { $0.splices[FieldName(message.screen, key).description] = message.seq }
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
            let lessonBefore = lesson
            guard let outcome = try? engine.apply(.autoFocusFired(token), on: state.current, to: &state, ids: &ids),
                  case .applied(var events, var effects) = outcome
            else { return }
            followLesson(&events, &effects)
            keep(ChangeRecord(revision: revision + 1, at: time.wallMilliseconds, cause: .autoFocus(token), draws: []), into: &outputs)
            publish(events, before: before, lessonBefore: lessonBefore, by: nil, seq: nil, at: time, into: &outputs)
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
        _ events: [FocusEvent], before: SessionState, lessonBefore: LessonProgress?, by member: MemberID?, seq: Int?,
        at time: MachineTime, into outputs: inout [SessionOutput]
    ) {
        revision += 1
        let at = time.wallMilliseconds
        log.append(events, revision: revision, at: at, by: member, seq: seq)
        var rendered: [ScreenID: [RowID: String]] = [:]
        for screen in StatePatch.screensWithNewNotes(events) {
            rendered[screen] = notesHTML(of: screen)
        }
        var patch = StatePatch(engine: engine, before: before, after: state) { rendered[$0] }.build(from: events)
        if lesson != lessonBefore {
            patch["lesson"] = JSONValue(encoding: lesson)
        }
        outputs.append(.broadcast(.update(UpdateMessage(revision: revision, by: member, seq: seq, at: at, events: events, patch: patch))))
        checkpointIfDue()
    }

    /// Stores an applied change (its ``publish(_:before:lessonBefore:by:seq:at:into:)`` follows)
    /// and keeps it in the timeline.
    private mutating func keep(_ change: ChangeRecord, into outputs: inout [SessionOutput]) {
        outputs.append(.persist(.change(change)))
        timeline.append(change)
    }

    private mutating func checkpointIfDue() {
        guard timeline.wantsCheckpoint else { return }
        // Only what rebuilding needs: replay restores the members a change names.
        timeline.checkpoint(DurableSession(
            id: id.rawValue, viewer: viewerID.rawValue, revision: revision, state: state, members: [], joinedEver: 0,
            log: Array(log.recent), lesson: lesson))
    }

    // MARK: Timeline

    /// The session as it was at `revision` (or the nearest revision the timeline keeps),
    /// rebuilt from a checkpoint by applying the changes after it again.
    private func past(at revision: Int, time: MachineTime) -> ServerMessage {
        let plan = timeline.rebuilding(revision)
        guard var then = SessionMachine(
            restoring: plan.start, engine: engine, configuration: configuration, renderNotes: notes.render, at: time)
        else { return .error(ProtocolError(.internalError, "The session could not rebuild revision \(plan.revision).")) }
        do {
            for change in plan.changes { try then.replay(change) }
        } catch {
            return .error(ProtocolError(.internalError, "The session could not rebuild revision \(plan.revision): \(error)."))
        }
        let log = Array(then.log.recent)
        var seen = Set<MemberID>()
        let named = log.compactMap { $0.by }.filter { seen.insert($0).inserted }.compactMap { members.member($0) }
        return .past(PastMessage(
            revision: plan.revision, earliest: timeline.earliest, latest: self.revision, state: then.sessionSnapshot(), log: log,
            members: named))
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
        schema = nil
        snapshotState = nil
        guard roster.hasNews else { return }
        lastPresenceAt = time.monotonicMilliseconds
        outputs.append(.broadcast(.presence(roster.take())))
    }

    // MARK: Snapshots

    /// The session state as a snapshot and `GET /api/sessions/{id}` carry it.
    public mutating func sessionSnapshot() -> SessionSnapshot {
        var snapshot = engine.snapshot(of: state)
        snapshot.lesson = lesson
        for screen in engine.schema.screens {
            if let html = notesHTML(of: screen.id) { snapshot.screens[screen.id]?.notesHTML = html }
        }
        return snapshot
    }

    private mutating func encodedSchema() -> EncodedJSON<Schema> {
        if let schema { return schema }
        let encoded = EncodedJSON(engine.schema)
        schema = encoded
        return encoded
    }

    private mutating func encodedSnapshot() -> EncodedJSON<SessionSnapshot> {
        if let snapshotState { return snapshotState }
        let encoded = EncodedJSON(sessionSnapshot())
        snapshotState = encoded
        return encoded
    }

    /// The named members connected now, in the order they arrived (see ``PresenceRoster``).
    public var present: [MemberID] { roster.named.map(\.member.member) }

    /// How many editors and viewers are connected.
    public var presenceCount: PresenceCount { roster.count }

    /// The members a snapshot names: the named present ones, and everyone its log mentions.
    private var membersToName: [Member] {
        var seen = Set<MemberID>()
        var named: [Member] = []
        for member in roster.named.map(\.member) + log.recent.compactMap({ $0.by.flatMap(members.member) }) where seen.insert(member.member).inserted {
            named.append(member)
        }
        return named
    }

    private mutating func snapshot(for clientId: String, role: Role) -> ServerMessage {
        let record = members[clientId]
        let you = record?.member ?? Member(member: MemberID(rawValue: "?"), name: "?", color: MemberColors.palette[0])
        var message = SnapshotMessage(
            revision: revision, you: you, role: role, schema: encodedSchema(), state: encodedSnapshot(),
            members: membersToName, present: present, log: Array(log.recent))
        message.count = roster.count
        message.earliest = timeline.earliest
        if role == .editor { message.viewer = viewerID.rawValue }
        message.lastSeq = record?.lastSeq ?? 0
        message.lastSplices = record?.splices ?? [:]
        return .snapshot(message)
    }

    /// Rendered Markdown of the list on `screen` that previews it, if any.
    private mutating func notesHTML(of screen: ScreenID) -> [RowID: String]? {
        guard let declaration = engine.schema.screen(screen), let screenState = state[screen],
              let list = declaration.lists.first(where: { $0.markdownPreview != nil }), let preview = list.markdownPreview
        else { return nil }
        return notes.html(for: screenState.rows(in: list.id)) { screenState.value(FocusKey(preview, id: $0)) }
    }

    // MARK: Durability

    /// The session as one durable snapshot.
    public func durableState() -> DurableSession {
        DurableSession(
            id: id.rawValue, viewer: viewerID.rawValue, revision: revision, state: state, members: members.records,
            joinedEver: members.joinedEver, log: Array(log.recent), lesson: lesson)
    }

    /// A session rebuilt from its snapshot, nobody connected. Replay the changes stored after
    /// the snapshot, then ask for a pending auto-focus timer with ``rescheduleAutoFocus(into:)``.
    public init?(
        restoring durable: DurableSession, engine: FocusEngine, configuration: SessionConfiguration,
        renderNotes: @escaping @Sendable (String) -> String, at time: MachineTime
    ) {
        guard let id = SessionID(durable.id), let viewerID = SessionID(durable.viewer) else { return nil }
        self.id = id
        self.viewerID = viewerID
        self.engine = engine
        self.configuration = configuration
        state = durable.state
        revision = durable.revision
        lesson = durable.lesson
        log = EventLog(capacity: configuration.logCapacity)
        log.append(contentsOf: durable.log)
        members = MemberDirectory(capacity: configuration.rememberedClients, restoring: durable.members, joinedEver: durable.joinedEver)
        roster = PresenceRoster(nameLimit: configuration.namedMembers)
        everJoined = !durable.members.isEmpty
        notes = RenderedNotes(render: renderNotes)
        idleSince = time.monotonicMilliseconds
        historyStart = durable.revision
        timeline = Timeline(start: durable, capacity: configuration.timelineChanges, interval: configuration.timelineInterval)
    }

    /// Puts back a tab's join or rename that the log stored after the snapshot.
    public mutating func restore(_ member: DurableMember) {
        members.restore(member)
        everJoined = true
    }

    /// Applies a stored change again, exactly as it was applied: same revision, same draws,
    /// same events into the log.
    public mutating func replay(_ change: ChangeRecord) throws(ReplayError) {
        guard change.revision == revision + 1 else { throw .outOfOrder(expected: revision + 1, found: change.revision) }
        var draws = ReplayingGenerator(change.draws)
        var outcome: Outcome
        let member: MemberID?
        let seq: Int?
        switch change.cause {
        case .intent(let intent, let clientId, let author, let applied):
            if case .splice = intent.action, applied == nil {
                throw .diverged(revision: change.revision, reason: "a splice stored without the splices it became")
            }
            let before = state
            do {
                outcome = try applyToState(intent, by: author, replaying: applied, ids: &draws).0
            } catch {
                throw .diverged(revision: change.revision, reason: error.message)
            }
            if case .applied(var events, var effects) = outcome, !intent.isLesson {
                followLesson(&events, &effects)
                outcome = .applied(events: events, effects: effects)
            }
            if members[clientId] == nil {
                members.restore(DurableMember(clientId: clientId, member: Member(member: author, name: author.rawValue, color: MemberColors.palette[0]), lastSeq: 0))
            }
            members.update(clientId) { $0.lastSeq = max($0.lastSeq, intent.seq) }
            noteSplice(intent, by: clientId)
            recordTextChanges(outcome.events, before: before, by: author)
            member = author
            seq = intent.seq
        case .autoFocus(let token):
            guard case .applied(var events, var effects)? = try? engine.apply(.autoFocusFired(token), on: state.current, to: &state, ids: &draws) else {
                throw .diverged(revision: change.revision, reason: "the auto-focus timer no longer applies")
            }
            followLesson(&events, &effects)
            outcome = .applied(events: events, effects: effects)
            member = nil
            seq = nil
        }
        guard case .applied(let events, _) = outcome, !draws.ranOut else {
            throw .diverged(revision: change.revision, reason: "it changed nothing, or drew more numbers than it did")
        }
        revision = change.revision
        log.append(events, revision: revision, at: change.at, by: member, seq: seq)
        timeline.append(change)
        checkpointIfDue()
    }

    /// After a restore and replay: the timer of an auto-focus that was pending.
    public func rescheduleAutoFocus(into outputs: inout [SessionOutput]) {
        guard let pending = state.pendingAutoFocus,
              let delay = engine.schema.screen(pending.screen)?.appearFocus?.afterMilliseconds
        else { return }
        outputs.append(.schedule(.autoFocus(pending.token), afterMilliseconds: delay))
    }
}

extension IntentMessage {
    /// Whether the intent starts, moves or stops a lesson (such a change is not itself a move the
    /// lesson checks).
    var isLesson: Bool {
        if case .lesson = action { return true }
        return false
    }
}
