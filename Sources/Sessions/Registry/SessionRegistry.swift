import FocusCore
import FocusProtocol

/// Every session a server holds, by capability, within the limits: who may create one, how
/// long an idle one is kept. A plain value like the machines it holds; the host passes the time
/// and a random generator in.
public struct SessionRegistry: Sendable {
    public let limits: SessionLimits
    let configuration: SessionConfiguration
    let compile: SourceCompiler
    private var sessions: [SessionID: SessionMachine] = [:]
    /// Viewer capability → session id.
    private var viewers: [SessionID: SessionID] = [:]
    /// The address each session was created from.
    private var creators: [SessionID: String] = [:]
    /// Sessions each address may create: 5 a second, bursts of 200.
    private var creation = PeerRateLimit(rate: 5, burst: 200)
    /// Which sessions are forks of which, and which forks changed since their roster was sent.
    public internal(set) var forkLinks = ForkLinks()
    /// Forks each session may have made: 20 a second, bursts of 400 (a class forking at once).
    var forking = PeerRateLimit(rate: 20, burst: 400)

    public init(
        limits: SessionLimits, configuration: SessionConfiguration = SessionConfiguration(),
        compile: @escaping SourceCompiler
    ) {
        self.limits = limits
        self.configuration = configuration
        self.compile = compile
    }

    public var count: Int { sessions.count }

    /// Every session id.
    public var ids: Dictionary<SessionID, SessionMachine>.Keys { sessions.keys }

    /// A copy of session `id`, to read. A machine is a large value and copying it retains each
    /// of its parts: on the path of every intent use ``handle(_:in:at:ids:into:)`` and
    /// ``recipients(of:)``, which reach it in place.
    public subscript(id: SessionID) -> SessionMachine? {
        sessions[id]
    }

    /// Hands `input` to session `id` in place (see ``SessionMachine/handle(_:at:ids:into:)``);
    /// nothing happens if the registry holds no such session.
    public mutating func handle(
        _ input: SessionInput, in id: SessionID, at time: MachineTime, ids: inout some RandomNumberGenerator,
        into outputs: inout [SessionOutput]
    ) {
        guard let index = sessions.index(forKey: id) else { return }
        if case .received(.show(let fork?), let connection) = input, !isFork(fork, of: id) {
            outputs.append(
                .send(
                    .error(ProtocolError(.unknownSession, "That is not the viewer link of one of this session's forks.")),
                    to: connection))
            return
        }
        sessions.values[index].handle(input, at: time, ids: &ids, into: &outputs)
    }

    /// Applies a change the session's owner stored to this registry's copy of it, in place
    /// (see ``SessionMachine/follow(_:into:)``); nothing if the registry holds no such session.
    public mutating func follow(_ change: ChangeRecord, in id: SessionID, into outputs: inout [SessionOutput])
        throws(ReplayError)
    {
        guard let index = sessions.index(forKey: id) else { return }
        try sessions.values[index].follow(change, into: &outputs)
    }

    /// Where session `id`'s broadcasts go now (``SessionMachine/recipients``); empty if the
    /// registry holds no such session. Mutating only to reach the machine in place: the
    /// dictionary's getter would copy all of it.
    public mutating func recipients(of id: SessionID) -> RecipientList {
        guard let index = sessions.index(forKey: id) else { return RecipientList() }
        return Self.recipients(of: &sessions.values[index])
    }

    private static func recipients(of machine: inout SessionMachine) -> RecipientList {
        machine.recipients
    }

    /// Reads session `id` in place with `body`; `nil` if the registry holds no such session.
    /// Mutating only to reach the machine without copying it, as ``recipients(of:)``.
    public mutating func read<Result>(_ id: SessionID, _ body: (borrowing SessionMachine) -> Result) -> Result? {
        guard let index = sessions.index(forKey: id) else { return nil }
        return Self.read(&sessions.values[index], body)
    }

    private static func read<Result>(_ machine: inout SessionMachine, _ body: (borrowing SessionMachine) -> Result) -> Result {
        body(machine)
    }

    /// The session a capability opens, and what it may do there.
    public func lookup(_ capability: String) -> (id: SessionID, role: Role)? {
        guard let id = SessionID(capability) else { return nil }
        // The registry's own key, not `id`: each of a session's connections keeps what this
        // returns, and the key's string is shared instead of one copy per connection.
        if let index = sessions.index(forKey: id) { return (sessions.keys[index], .editor) }
        return viewers[id].map { ($0, .viewer) }
    }

    /// Creates a session for `peer`, or refuses: `rate_limited` (429) when the address creates
    /// too fast or already holds its share of sessions nobody joined, `session_full` (503) at
    /// ``SessionLimits/maxSessions``, `bad_source` (422) when `source` has errors. The session runs
    /// `source`; outputs of its first screen appearing go to `outputs`.
    public mutating func create(
        by peer: String, source: CompiledSource, at time: MachineTime, ids: inout some RandomNumberGenerator,
        into outputs: inout [SessionOutput]
    ) throws(ProtocolError) -> SessionMachine {
        guard creation.admit(peer, at: Double(time.monotonicMilliseconds) / 1000) else {
            throw ProtocolError(.rateLimited, "Too many new sessions from this address; wait a moment and try again.")
        }
        _ = expire(at: time)
        let share = limits.unjoinedSessionsPerAddress
        let unjoined = creators.filter { $0.value == peer && sessions[$0.key]?.everJoined == false }.count
        guard unjoined < share else {
            throw ProtocolError(
                .rateLimited,
                "This address already holds \(share) sessions nobody has joined; open one of them or wait for them to expire.")
        }
        guard sessions.count < limits.maxSessions else {
            throw ProtocolError(
                .sessionFull, "The server already holds \(limits.maxSessions) sessions, its limit; try again later.")
        }
        let id = SessionID.random(using: &ids)
        let viewer = SessionID.random(sharingRouteWith: id, using: &ids)
        guard
            let session = SessionMachine(
                id: id, viewerID: viewer, configuration: configuration, compile: compile, source: source, at: time, ids: &ids,
                into: &outputs)
        else {
            throw ProtocolError(.badSource, "The source has errors; a session runs only a source without them.")
        }
        sessions[id] = session
        viewers[viewer] = id
        creators[id] = peer
        return session
    }

    /// Asks session `id` for the timers it had pending when it was stored
    /// (``SessionMachine/rescheduleTimers(into:)``), in place.
    public mutating func rescheduleTimers(of id: SessionID, into outputs: inout [SessionOutput]) {
        guard let index = sessions.index(forKey: id) else { return }
        sessions.values[index].rescheduleTimers(into: &outputs)
    }

    /// Holds a session rebuilt from the durable log.
    public mutating func adopt(_ session: SessionMachine) {
        sessions[session.id] = session
        viewers[session.viewerID] = session.id
        if let parent = session.parent { forkLinks.link(session.id, to: parent) }
    }

    /// Forgets session `id` at once (another server holds it now); returns it if it was held.
    @discardableResult
    public mutating func remove(_ id: SessionID) -> SessionMachine? {
        guard let session = sessions.removeValue(forKey: id) else { return nil }
        viewers[session.viewerID] = nil
        creators[id] = nil
        forkLinks.unlink(id)
        return session
    }

    /// Forgets sessions nobody has been connected to for `idleTTLSeconds`, or, if nobody ever
    /// joined, for ten minutes (one minute once the server is 90 % full). Returns their ids.
    public mutating func expire(at time: MachineTime) -> [SessionID] {
        let crowded = sessions.count * 10 >= limits.maxSessions * 9
        let unjoined = crowded ? SessionLimits.crowdedUnjoinedTTLSeconds : SessionLimits.unjoinedTTLSeconds
        var expired: [SessionID] = []
        for (id, session) in sessions {
            let ttl = session.everJoined ? limits.idleTTLSeconds : min(limits.idleTTLSeconds, unjoined)
            guard let idleSince = session.idleSince, Double(time.monotonicMilliseconds - idleSince) >= ttl * 1000 else {
                continue
            }
            expired.append(id)
        }
        for id in expired {
            if let session = sessions.removeValue(forKey: id) { viewers[session.viewerID] = nil }
            creators[id] = nil
            forkLinks.unlink(id)
        }
        return expired
    }
}
