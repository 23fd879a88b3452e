import FocusCore
import FocusProtocol

/// One shared session as a pure state machine, composed of child machines, each a value with
/// its own state, inputs and outputs: ``Membership`` (connections, `hello`, presence),
/// ``SessionProgram`` (the source and its program running), ``TextMerging`` (splices rebased over each
/// field's history), ``LessonFollowing`` (the lesson followed), ``CaretSharing`` (the editors'
/// carets in the source, which are no changes), ``Stepping`` (Step: an action held and stepped
/// through, never stored), ``Presentation`` (the presenter and what they steer, which are no
/// changes either) and the ``Timeline``.
///
/// Every change moves the session forward through one step, ``evolve(_:ids:)``: the live path
/// decides an input into a ``ChangeRecord`` and evolves it; restore, replay and the timeline
/// evolve stored records alone (docs/ARCHITECTURE.md).
///
/// It has no sockets, clock or randomness of its own: ``handle(_:at:ids:into:)`` takes an input,
/// the time and a generator for fresh row ids, changes the session and appends the outputs the
/// host must perform (send, broadcast, close, schedule a timer…), in order.
public struct SessionMachine: Sendable {
    /// The editor capability (the session id).
    public let id: SessionID
    /// The read-only capability.
    public let viewerID: SessionID
    /// For a fork, the session it was forked from (kept durably).
    public let parent: SessionID?
    /// The fork an editor shows to the class (its viewer capability); not a change, not stored.
    public internal(set) var shown: String?
    public let configuration: SessionConfiguration
    var program: SessionProgram
    var texts: TextMerging
    var lessons: LessonFollowing
    var membership: Membership
    var carets: CaretSharing
    var stepping = Stepping()
    var presentation: Presentation
    /// The recent past, for `history`.
    var timeline: Timeline
    var log: EventLog
    /// Raised by one with every applied change.
    public internal(set) var revision = 0
    /// A relay's copy (``becomeCopy()``): its owner's presence is what its viewers are shown, so
    /// it announces none of its own.
    public internal(set) var isCopy = false
    /// A copy's owner's whole count as it last heard it (``SessionInput/ownerCount(_:)``): what
    /// the copy's snapshots carry instead of its own count, which is only of its viewers here.
    var ownerCount: PresenceCount?

    /// A new session running `source`, its first screen appeared; `nil` when the source has
    /// errors. Appends the outputs of that appearing (the program's timers) to `outputs`.
    public init?(
        id: SessionID, viewerID: SessionID, configuration: SessionConfiguration, compile: @escaping SourceCompiler,
        source: CompiledSource, at time: MachineTime, ids: inout some RandomNumberGenerator,
        into outputs: inout [SessionOutput]
    ) {
        var ran = SourceRun.Ran()
        guard let running = SourceRun(source, ids: &ids, ran: &ran) else { return nil }
        self.init(
            restoring: DurableSession(
                id: id.rawValue, viewer: viewerID.rawValue, revision: 0, members: [], joinedEver: 0, log: [], lesson: nil),
            running: running, id: id, viewerID: viewerID, configuration: configuration, compile: compile, at: time)
        run(ran.effects, at: time, into: &outputs)
    }

    /// A session as `durable` holds it, nobody connected, running `source`.
    init(
        restoring durable: DurableSession, running source: SourceRun, id: SessionID, viewerID: SessionID,
        configuration: SessionConfiguration, compile: @escaping SourceCompiler, at time: MachineTime
    ) {
        self.id = id
        self.viewerID = viewerID
        parent = durable.parent.flatMap(SessionID.init)
        self.configuration = configuration
        program = SessionProgram(source: source, compile: compile)
        texts = TextMerging(start: durable.revision)
        lessons = LessonFollowing(catalogue: configuration.lessons, custom: durable.customLesson, progress: durable.lesson)
        membership = Membership(
            configuration: configuration,
            members: MemberDirectory(
                capacity: configuration.rememberedClients, restoring: durable.members, joinedEver: durable.joinedEver),
            idleSince: time.monotonicMilliseconds)
        carets = CaretSharing(intervalMilliseconds: configuration.presenceIntervalMilliseconds)
        presentation = Presentation(restoring: durable.members)
        var start = durable
        (start.source, start.run, start.sourceText, start.sourceDiagnostics) = (
            source.compiled.source, source.run, source.editedText, source.unreadDiagnostics
        )
        timeline = Timeline(start: start, capacity: configuration.timelineChanges, interval: configuration.timelineInterval)
        log = EventLog(capacity: configuration.logCapacity)
        log.append(contentsOf: durable.log)
        revision = durable.revision
    }

    /// The lesson the session follows, shared by every member; `nil` without one.
    public var lesson: LessonProgress? { lessons.progress }
    /// Every joined connection that is keeping up: where broadcasts go.
    public var recipients: RecipientList { membership.recipients }
    /// Monotonic milliseconds since the last connection closed; nil while any is open.
    public var idleSince: Int64? { membership.idleSince }
    /// Whether anyone ever said hello here (a session nobody joined expires sooner).
    public var everJoined: Bool { membership.everJoined }
    /// Connections that count against the session's client limit.
    public var connectionCount: Int { membership.connectionCount }
    /// The named members connected now, in the order they arrived (see ``PresenceRoster``).
    public var present: [MemberID] { membership.roster.named.map(\.member.member) }
    /// How many editors and viewers are connected, here and (viewers) to other processes.
    public var presenceCount: PresenceCount { membership.roster.count }
    /// Viewers connected here who said hello: what a relay's copy reports to the holder
    /// (a connection that has not joined yet is not counted).
    public var joinedViewers: Int { membership.roster.viewers }

    /// Handles one input.
    public mutating func handle(
        _ input: SessionInput, at time: MachineTime, ids: inout some RandomNumberGenerator,
        into outputs: inout [SessionOutput]
    ) {
        switch input {
        case .opened(let connection, let role):
            handle(.opened(connection, role: role), at: time, into: &outputs)
        case .received(let message, let connection):
            receive(message, from: connection, at: time, ids: &ids, into: &outputs)
        case .closed(let connection):
            handle(.closed(connection), at: time, into: &outputs)
            // Step is its tab's: when the tab is gone, what it held finishes and Step goes off.
            if let stepper = stepping.stepper, membership.connection(of: stepper.clientId) == nil {
                stopStepping(at: time, ids: &ids, into: &outputs)
            }
        case .timerFired(.helloDeadline(let connection)):
            handle(.helloDeadlinePassed(connection), at: time, into: &outputs)
        case .timerFired(.presence):
            handle(.presenceDue, at: time, into: &outputs)
        case .timerFired(.carets):
            carets.due(revision: revision, at: time, into: &outputs)
        case .timerFired(.program(let token)):
            programTimerFired(token, at: time, ids: &ids, into: &outputs)
        case .fellBehind(let connection):
            handle(.fellBehind(connection), at: time, into: &outputs)
        case .caughtUp(let connection):
            handle(.caughtUp(connection), at: time, into: &outputs)
        case .viewersElsewhere(let count):
            handle(.viewersElsewhere(count), at: time, into: &outputs)
        case .ownerCount(let count):
            if isCopy { ownerCount = count }
        case .sourceCompiled(let text):
            // Only the latest text: one edited again since is compiled again.
            guard program.source.text == text, !program.source.textChecked else { return }
            // A new source runs a new program: an action held for Step finishes on the old one first.
            finishHeld(at: time, ids: &ids, into: &outputs)
            change(
                ChangeRecord(revision: revision + 1, at: time.wallMilliseconds, cause: .source(text), draws: []), at: time,
                ids: &ids, into: &outputs)
        case .replaceSource(let text):
            finishHeld(at: time, ids: &ids, into: &outputs)
            change(
                ChangeRecord(revision: revision + 1, at: time.wallMilliseconds, cause: .source(text), draws: []), at: time,
                ids: &ids, into: &outputs)
        }
    }

    /// Hands an input to ``Membership`` and performs what it asks in the session's terms.
    private mutating func handle(_ input: MembershipInput, at time: MachineTime, into outputs: inout [SessionOutput]) {
        var asked: [MembershipOutput] = []
        membership.handle(input, at: time, into: &asked)
        for output in asked {
            switch output {
            case .welcome(let connection, let clientId, let role):
                let before = presentation.state
                let claimed = claimPresenter(clientId, role: role, into: &outputs)
                outputs.append(.sendSnapshot(memberSnapshot(for: clientId, role: role), to: connection))
                if claimed { publishPresentation(since: before, into: &outputs) }
            case .refuse(let connection, let error): outputs.append(.send(.error(error), to: connection))
            case .close(let connection, let code, let reason): outputs.append(.close(connection, code, reason: reason))
            case .dropBacklog(let connection): outputs.append(.dropBacklog(connection))
            case .schedule(let timer, let milliseconds): outputs.append(.schedule(timer, afterMilliseconds: milliseconds))
            case .cancel(let timer): outputs.append(.cancel(timer))
            case .persist(let member): outputs.append(.persist(.member(member)))
            case .presence(let presence): if !isCopy { outputs.append(.broadcast(.presence(presence))) }
            case .departed(let member): carets.forget(member, revision: revision, at: time, into: &outputs)
            }
        }
    }

    // MARK: Messages

    private mutating func receive(
        _ message: ClientMessage, from connection: ConnectionID, at time: MachineTime,
        ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        guard let state = membership.state(of: connection) else { return }
        switch (message, state) {
        case (.ping, _):
            outputs.append(.send(.pong, to: connection))
        case (.hello(let clientId, let name), .waiting):
            handle(.hello(connection, clientId: clientId, name: name), at: time, into: &outputs)
        case (.hello, .joined):
            refuse(
                connection, ProtocolError(.badMessage, "This connection already said hello; send intents now."), into: &outputs)
        case (.intent(let intent), .joined(let clientId, let role, _)):
            apply(intent, from: connection, clientId: clientId, role: role, at: time, ids: &ids, into: &outputs)
        case (.rename(let name), .joined):
            handle(.rename(connection, name: name), at: time, into: &outputs)
        case (.resync, .joined(let clientId, let role, _)):
            outputs.append(.sendSnapshot(memberSnapshot(for: clientId, role: role), to: connection))
        case (.history(let revision), .joined):
            outputs.append(.send(past(at: revision, time: time), to: connection))
        case (.caret(let place), .joined(let clientId, let role, _)):
            placeCaret(place, from: connection, clientId: clientId, role: role, at: time, into: &outputs)
        case (.view(let top), .joined(let clientId, let role, _)):
            showLines(from: top, for: connection, clientId: clientId, role: role, at: time, into: &outputs)
        case (.step, .joined(let clientId, let role, _)), (.stepForward, .joined(let clientId, let role, _)),
            (.stepBack, .joined(let clientId, let role, _)), (.stepFinish, .joined(let clientId, let role, _)):
            step(message, from: connection, clientId: clientId, role: role, at: time, ids: &ids, into: &outputs)
        case (.presentation, .joined(let clientId, _, _)), (.presenter, .joined(let clientId, _, _)),
            (.ready, .joined(let clientId, _, _)):
            steer(message, from: connection, clientId: clientId, at: time, into: &outputs)
        case (.show(let fork), .joined(let clientId, let role, _)):
            show(fork, from: connection, clientId: clientId, role: role, into: &outputs)
        case (.intent(let intent), .waiting):
            refuse(
                connection,
                ProtocolError(.notHelloFirst, "Say hello first: {\"type\":\"hello\",\"clientId\":\"…\"}.", seq: intent.seq),
                into: &outputs)
        case (.rename, .waiting), (.resync, .waiting), (.history, .waiting), (.caret, .waiting), (.view, .waiting),
            (.step, .waiting),
            (.stepForward, .waiting), (.stepBack, .waiting), (.stepFinish, .waiting), (.presentation, .waiting),
            (.presenter, .waiting), (.ready, .waiting), (.show, .waiting):
            refuse(
                connection, ProtocolError(.notHelloFirst, "Say hello first: {\"type\":\"hello\",\"clientId\":\"…\"}."),
                into: &outputs)
        }
    }

    func refuse(_ connection: ConnectionID, _ error: ProtocolError, into outputs: inout [SessionOutput]) {
        outputs.append(.send(.error(error), to: connection))
    }
}
