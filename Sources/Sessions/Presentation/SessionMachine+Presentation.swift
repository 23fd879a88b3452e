import FocusCore
import FocusProtocol

/// The presenter steers: one member presents at a time (the first editor to join, whoever the
/// presenter hands the role to, or an editor who takes it while the presenter has no tab
/// connected), and changes what every page shows (Present, the timeline, Follow focus locked on,
/// slow motion) and lets timers held for Ready go. Nobody else may (`not_presenter`). None of it
/// is a change: the revision does not move, and the settings are kept on the presenter's member
/// record.
extension SessionMachine {
    /// A `presentation`, `presenter` or `ready` message from a joined tab.
    mutating func steer(
        _ message: ClientMessage, from connection: ConnectionID, clientId: String, at time: MachineTime,
        into outputs: inout [SessionOutput]
    ) {
        if case .presenter(let member) = message, !presentation.presents(clientId), connectedEditor(member) == clientId,
            presenterIsAway
        {
            // A presenter who left would otherwise keep the role until they came back.
            let before = presentation.state
            hand(to: clientId, member: member, into: &outputs)
            publishPresentation(since: before, into: &outputs)
            return
        }
        guard presentation.presents(clientId) else {
            let sentence =
                presentation.presenter.map {
                    "\(name(of: $0.member)) presents: only the presenter steers everyone's pages, until they hand the role on or leave."
                } ?? "Nobody presents yet: the first editor to join does."
            refuse(connection, ProtocolError(.notPresenter, sentence), into: &outputs)
            return
        }
        let before = presentation.state
        switch message {
        case .presentation(let request):
            var settings = request.applied(to: presentation.settings)
            // The live revision, or one not reached yet, is Live.
            if let shown = settings.revision, shown >= revision { settings.revision = nil }
            presentation.change(to: settings)
            persistPresenter(into: &outputs)
            // Out of Present nothing waits for Ready.
            if !settings.present { releaseHeldTimers(at: time, into: &outputs) }
        case .presenter(let member):
            guard let heir = connectedEditor(member) else {
                refuse(
                    connection,
                    ProtocolError(
                        .unknownMember, "'\(member.rawValue)' is not an editor connected now: the role goes to one who is."),
                    into: &outputs)
                return
            }
            guard heir != clientId else { return }
            hand(to: heir, member: member, into: &outputs)
        case .ready:
            releaseHeldTimers(at: time, into: &outputs)
        default:
            return
        }
        publishPresentation(since: before, into: &outputs)
    }

    /// A tab joined: the first editor in a session nobody presents becomes its presenter.
    /// Returns whether it did (the others hear of it once the tab has its snapshot).
    mutating func claimPresenter(_ clientId: String, role: Role, into outputs: inout [SessionOutput]) -> Bool {
        guard role == .editor, presentation.presenter == nil, let record = membership[clientId] else { return false }
        presentation.hand(to: Presentation.Presenter(clientId: clientId, member: record.member.member))
        persistPresenter(into: &outputs)
        return true
    }

    /// Runs a program's effects: its timers scheduled (four times longer in slow motion), or
    /// held for Ready (a lesson step's timed effect in Present), and its cancellations.
    mutating func run(_ effects: [Effect], at time: MachineTime, into outputs: inout [SessionOutput]) {
        guard !effects.isEmpty else { return }
        let before = presentation.state
        let holding = presentation.holdsTimers(lessonFollowed: lessons.progress != nil)
        for effect in effects {
            switch effect {
            case .scheduleProgramTimer(let token, let milliseconds):
                if holding {
                    presentation.hold(token, milliseconds: milliseconds)
                } else {
                    schedule(token, afterMilliseconds: milliseconds, at: time, into: &outputs)
                }
            case .cancelProgramTimer(let token):
                presentation.forget(token)
                outputs.append(.cancel(.program(token)))
            }
        }
        publishPresentation(since: before, into: &outputs)
    }

    /// A program timer went off: it no longer counts down.
    mutating func programTimerWentOff(_ token: TimerToken, into outputs: inout [SessionOutput]) {
        let before = presentation.state
        presentation.forget(token)
        publishPresentation(since: before, into: &outputs)
    }

    private mutating func schedule(
        _ token: TimerToken, afterMilliseconds milliseconds: Int, at time: MachineTime, into outputs: inout [SessionOutput]
    ) {
        let delay = presentation.scaled(milliseconds)
        presentation.scheduled(token, at: time.wallMilliseconds + Int64(delay))
        outputs.append(.schedule(.program(token), afterMilliseconds: delay))
    }

    private mutating func releaseHeldTimers(at time: MachineTime, into outputs: inout [SessionOutput]) {
        for (token, milliseconds) in presentation.releaseHeld() {
            schedule(token, afterMilliseconds: milliseconds, at: time, into: &outputs)
        }
    }

    /// The role, with its settings, moves from the presenter (if any) to `heir`, on both records.
    private mutating func hand(to heir: String, member: MemberID, into outputs: inout [SessionOutput]) {
        let settings = presentation.settings
        if let old = presentation.presenter?.clientId {
            membership.update(old) { $0.presenting = nil }
            if let record = membership[old] { outputs.append(.persist(.member(record))) }
        }
        presentation.hand(to: Presentation.Presenter(clientId: heir, member: member))
        membership.update(heir) { $0.presenting = settings }
        if let record = membership[heir] { outputs.append(.persist(.member(record))) }
    }

    /// Whether the presenter has no tab connected (or nobody presents): then an editor may take the role.
    private var presenterIsAway: Bool {
        guard let presenter = presentation.presenter else { return true }
        return membership.connection(of: presenter.clientId) == nil
    }

    /// The presenter's record keeps the settings, so a restart restores both.
    private mutating func persistPresenter(into outputs: inout [SessionOutput]) {
        guard let presenter = presentation.presenter else { return }
        let settings = presentation.settings
        membership.update(presenter.clientId) { $0.presenting = settings }
        if let record = membership[presenter.clientId] { outputs.append(.persist(.member(record))) }
    }

    /// The secret client id of `member` while it is connected as an editor.
    private func connectedEditor(_ member: MemberID) -> String? {
        guard let record = membership.members.records.first(where: { $0.member.member == member }),
            let connection = membership.connection(of: record.clientId),
            case .joined(_, .editor, _) = membership.state(of: connection)
        else { return nil }
        return record.clientId
    }

    func publishPresentation(since before: PresentationState, into outputs: inout [SessionOutput]) {
        let after = presentation.state
        guard after != before else { return }
        outputs.append(.broadcast(.presentation(after)))
    }
}
