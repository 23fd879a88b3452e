import Dispatch
import FocusCore
import Foundation
import WebSocketTransport

/// One shared session: the authoritative FocusCore state, the clients looking at it, the
/// revision, the event log, and the auto-focus timers. Lives on the transport's service thread.
final class Session {
    /// A connection that has said `hello`.
    struct Member {
        let connection: WebSocketConnection
        let identity: ClientIdentity
    }

    /// Starts a timer on the service thread.
    typealias Scheduler = (Duration, @escaping () -> Void) -> ScheduledWork?

    let id: SessionID
    private let engine: FocusEngine
    private let schedule: Scheduler
    private(set) var state: SessionState
    private(set) var revision = 0
    private var log = EventLog(capacity: 200)
    private(set) var members: [Member] = []
    /// Connections that are open but have not said `hello` yet.
    private var waiting: Set<UInt64> = []
    /// Identities by client id, kept across reconnects so a returning tab keeps its name and colour.
    private var identities: [String: ClientIdentity] = [:]
    /// The last `seq` handled per client id: an intent at or below it is a resend.
    private var lastSeq: [String: Int] = [:]
    private var timers: [AutoFocusToken: ScheduledWork] = [:]
    /// When presence last went out (monotonic seconds), and the timer for the next one.
    private var lastPresenceAt = -Double.infinity
    private var presenceTimer: ScheduledWork?
    private var notes = RenderedNotes()
    /// Monotonic seconds since the last client left, or nil while anyone is connected.
    private(set) var idleSince: Double?
    /// Whether anyone ever said hello here (a session nobody joined expires sooner).
    private(set) var everJoined = false
    /// How many returning client ids are remembered (their identity and last `seq`).
    static let rememberedClients = 1_000

    init(id: SessionID, engine: FocusEngine, schedule: @escaping Scheduler, now: Double) {
        self.id = id
        self.engine = engine
        self.schedule = schedule
        var ids = SystemRandomNumberGenerator()
        let start = engine.start(ids: &ids)
        state = start.state
        idleSince = now
        run(start.effects)
    }

    /// Connections counted against `--max-clients-per-session`.
    var connectionCount: Int { members.count + waiting.count }

    // MARK: Joining and leaving

    func open(_ connection: WebSocketConnection) {
        waiting.insert(connection.id)
        idleSince = nil
    }

    /// Admits a connection that said `hello`: it gets a snapshot, everyone gets presence.
    func hello(_ connection: WebSocketConnection, context: ConnectionContext, clientId: String, name: String?) throws(ProtocolError) {
        guard context.identity == nil else {
            throw ProtocolError(.badMessage, "This connection already said hello; send intents now.")
        }
        guard ClientIdentity.isValidClientID(clientId) else {
            throw ProtocolError(.badMessage, "'clientId' must be 1 to 64 characters of letters, digits, '-' and '_'.")
        }
        // A newer connection with the same client id wins (a reconnect racing the old socket's close).
        if let stale = members.firstIndex(where: { $0.identity.clientId == clientId }) {
            let old = members.remove(at: stale)
            old.connection.context = nil
            old.connection.close(code: CloseCode(rawValue: 4001), reason: "replaced by a newer connection with this clientId")
        }
        var identity = identities[clientId]
            ?? ClientIdentity.assigned(clientId: clientId, requestedName: name, ordinal: identities.count)
        if let name = ClientIdentity.displayName(name) {
            identity.name = name
        }
        if identities[clientId] == nil, identities.count >= Session.rememberedClients {
            forgetDisconnectedClients()
        }
        identities[clientId] = identity
        everJoined = true
        waiting.remove(connection.id)
        members.append(Member(connection: connection, identity: identity))
        context.identity = identity
        connection.send(snapshotMessage(for: identity))
        presenceChanged()
    }

    func leave(_ connection: WebSocketConnection, now: Double) {
        waiting.remove(connection.id)
        if let index = members.firstIndex(where: { $0.connection === connection }) {
            members.remove(at: index)
            presenceChanged()
        }
        if connectionCount == 0 { idleSince = now }
    }

    /// Drops what is remembered about clients that are not connected: the price is that such a
    /// client, should it come back, gets a new colour and its resends are applied afresh.
    private func forgetDisconnectedClients() {
        let connected = Set(members.map(\.identity.clientId))
        identities = identities.filter { connected.contains($0.key) }
        lastSeq = lastSeq.filter { connected.contains($0.key) }
    }

    /// Cancels timers before the session is forgotten.
    func close() {
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
        presenceTimer?.cancel()
        presenceTimer = nil
    }

    // MARK: Intents

    /// Applies an intent from a member and tells everyone what happened; an intent that
    /// changes nothing is acknowledged to its sender alone.
    func handle(_ message: IntentMessage, from connection: WebSocketConnection, by identity: ClientIdentity) throws(ProtocolError) {
        if let last = lastSeq[identity.clientId], message.seq <= last {
            connection.send(ServerMessage.ack(seq: message.seq, reason: AckReason.duplicate.rawValue))
            return
        }
        let intent = try IntentMapping.intent(for: message)
        var ids = SystemRandomNumberGenerator()
        let outcome: Outcome
        do {
            outcome = try engine.apply(intent, on: ScreenID(rawValue: message.screen), to: &state, ids: &ids)
        } catch {
            throw ProtocolError(focus: error, seq: message.seq)
        }
        lastSeq[identity.clientId] = message.seq
        switch outcome {
        case .unchanged(let reason):
            connection.send(ServerMessage.ack(seq: message.seq, reason: reason.rawValue))
        case .applied(let events, let effects):
            let screen = if case .navigate(let to) = intent { to } else { ScreenID(rawValue: message.screen) }
            publish(events, on: screen, by: identity, seq: message.seq)
            run(effects)
        }
    }

    /// A scheduled auto-focus went off: the server itself moves focus, for every client at once.
    private func fire(_ token: AutoFocusToken, on screen: ScreenID) {
        timers[token] = nil
        var ids = SystemRandomNumberGenerator()
        guard let outcome = try? engine.apply(.autoFocusFired(token), on: screen, to: &state, ids: &ids),
            case .applied(let events, let effects) = outcome
        else { return }
        publish(events, on: screen, by: nil, seq: nil)
        run(effects)
    }

    private func run(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .scheduleAutoFocus(let token, let milliseconds, let screen, _):
                timers[token] = schedule(.milliseconds(milliseconds)) { [weak self] in self?.fire(token, on: screen) }
            case .cancelAutoFocus(let token):
                timers.removeValue(forKey: token)?.cancel()
            }
        }
    }

    /// Raises the revision, logs the events and sends one `update`, encoded once, to every member.
    private func publish(_ events: [FocusEvent], on screen: ScreenID, by identity: ClientIdentity?, seq: Int?) {
        revision += 1
        let at = Session.wallClockMilliseconds()
        log.append(contentsOf: events.map { LogEntry(revision: revision, at: at, by: identity, seq: seq, event: $0) })
        let settingsChanged = events.contains { if case .settings = $0 { true } else { false } }
        let update = ServerMessage.encode(
            ServerMessage.UpdateMessage(
                revision: revision, by: identity?.clientId, seq: seq, at: at, screen: screen,
                current: state.current, events: events, state: screenSnapshot(screen),
                settings: settingsChanged ? state.settings : nil))
        for member in members {
            member.connection.send(update)
        }
    }

    // MARK: Snapshots

    /// The session's `state` object, as the snapshot and `GET /api/sessions/{id}` carry it.
    var payload: ServerMessage.SessionPayload {
        var session = engine.snapshot(of: state)
        if let tasks = session.screens[.tasks] {
            session.screens[.tasks]?.notesHTML = notes.html(for: tasks)
        }
        return ServerMessage.SessionPayload(session: session, clients: members.map(\.identity), log: log.entries)
    }

    func snapshotMessage(for identity: ClientIdentity) -> OutboundMessage {
        ServerMessage.encode(
            ServerMessage.SnapshotMessage(revision: revision, you: identity, schema: engine.schema, state: payload))
    }

    private func screenSnapshot(_ screen: ScreenID) -> ScreenSnapshot {
        // `screen` came from a successful apply, so it exists; fall back to the current screen regardless.
        var snapshot = (try? engine.snapshot(of: screen, in: state)) ?? engine.snapshot(of: state).screens[state.current]!
        if screen == .tasks {
            snapshot.notesHTML = notes.html(for: snapshot)
        }
        return snapshot
    }

    /// Presence goes out at most once per this many seconds: joins and leaves in between are
    /// folded into the next message, which lists everyone anyway. A thousand clients joining
    /// one by one would otherwise cost a thousand broadcasts of up to a thousand names each.
    static let presenceInterval = 0.1

    /// Sends presence now, or when ``presenceInterval`` has passed since the last one.
    private func presenceChanged() {
        guard presenceTimer == nil else { return }
        let wait = lastPresenceAt + Session.presenceInterval - Application.now()
        guard wait > 0 else {
            broadcastPresence()
            return
        }
        presenceTimer = schedule(.microseconds(Int((wait * 1e6).rounded(.up)))) { [weak self] in
            self?.presenceTimer = nil
            self?.broadcastPresence()
        }
    }

    private func broadcastPresence() {
        lastPresenceAt = Application.now()
        let presence = ServerMessage.encode(ServerMessage.PresenceMessage(clients: members.map(\.identity)))
        for member in members {
            member.connection.send(presence)
        }
    }

    static func wallClockMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }
}
