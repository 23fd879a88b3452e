import FocusCore
import FocusProtocol

/// Forks: a session of a student's own made from another (the class view, docs/PROTOCOL.md).
extension SessionRegistry {
    /// Makes a fork of session `parent`: an ordinary session whose editor id only its maker
    /// gets, starting from the parent's source and lesson as they are now (see
    /// ``SessionMachine/forkState(id:viewer:)``). Refuses with `unknown_session` (404) when there
    /// is no such session, `rate_limited` (429) past 20 forks a second of one session (bursts of
    /// 400) and `session_full` (503) at ``SessionLimits/maxSessions``. Forks count against no
    /// address's share of unjoined sessions: a class forks from one address. The outputs of the
    /// fork's timers go to `outputs`.
    public mutating func fork(
        _ parent: SessionID, at time: MachineTime, ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) throws(ProtocolError) -> SessionMachine {
        guard self[parent] != nil else {
            throw ProtocolError(.unknownSession, "There is no session with that id; it may have expired.")
        }
        guard forking.admit(parent.rawValue, at: Double(time.monotonicMilliseconds) / 1000) else {
            throw ProtocolError(.rateLimited, "Too many new forks of this session; wait a moment and try again.")
        }
        _ = expire(at: time)
        guard count < limits.maxSessions else {
            throw ProtocolError(
                .sessionFull, "The server already holds \(limits.maxSessions) sessions, its limit; try again later.")
        }
        let id = SessionID.random(using: &ids)
        let viewer = SessionID.random(sharingRouteWith: id, using: &ids)
        guard let state = read(parent, { $0.forkState(id: id, viewer: viewer) }) else {
            throw ProtocolError(.unknownSession, "There is no session with that id; it may have expired.")
        }
        var fork: SessionMachine
        do {
            fork = try SessionMachine(restoring: state, configuration: configuration, compile: compile, at: time)
        } catch {
            throw ProtocolError(.internalError, "The session's source could not start a fork: \(error.description)")
        }
        fork.rescheduleTimers(into: &outputs)
        adopt(fork)
        return fork
    }

    /// Whether `capability` is the viewer capability of one of `parent`'s forks.
    func isFork(_ capability: String, of parent: SessionID) -> Bool {
        guard let (id, role) = lookup(capability), role == .viewer else { return false }
        return forkLinks.parent(of: id) == parent
    }

    /// Notes that session `id` changed (anything its members could see); `true` when it is a
    /// fork, whose parent's roster is then due (``takeRosterChanges()``).
    public mutating func noteChange(of id: SessionID) -> Bool {
        forkLinks.noteChange(of: id)
    }

    /// The roster entries of `parent`'s forks, all of them or those in `only`, in fork order.
    public mutating func forkEntries(of parent: SessionID, only: [SessionID]? = nil) -> [ForkEntry] {
        (only ?? forkLinks.forks(of: parent)).compactMap { read($0) { $0.forkEntry } }
    }

    /// Every parent whose forks changed since the last call, with the entries that changed and
    /// where they go (its editors); nothing waits afterwards.
    public mutating func takeRosterChanges() -> [(parent: SessionID, editors: [ConnectionID], forks: [ForkEntry])] {
        forkLinks.takeChanges().compactMap { parent, forks in
            guard let editors = read(parent, { $0.editorRecipients }), !editors.isEmpty else { return nil }
            return (parent, editors, forkEntries(of: parent, only: forks))
        }
    }
}
