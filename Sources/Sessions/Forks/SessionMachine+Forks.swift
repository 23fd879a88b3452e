import FocusCore
import FocusProtocol

/// A session as the fork of another: what a new fork starts from, its roster entry, and the
/// fork its editors show to the class.
extension SessionMachine {
    /// What a fork of this session starts as: its source (as members edit it, and the program
    /// that runs, where it stands), its lesson and how far it got, under the capabilities given,
    /// with nobody remembered, no log and revision 0, linked to this session.
    public func forkState(id: SessionID, viewer: SessionID) -> DurableSession {
        var state = durableState()
        (state.id, state.viewer, state.revision, state.members, state.joinedEver, state.log) = (
            id.rawValue, viewer.rawValue, 0, [], 0, []
        )
        state.parent = self.id.rawValue
        return state
    }

    /// This session's line in its parent's roster: never its editor id.
    public var forkEntry: ForkEntry {
        let values = program.source.drawn.focusValues
        let focus: String? =
            switch values.count {
            case 0: nil
            case 1: values[0].value
            default: values.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
            }
        return ForkEntry(
            id: viewerID.rawValue, name: membership.members.records.first?.member.name,
            lesson: lessons.progress.map { ForkEntry.LessonStep(step: $0.step, complete: $0.complete) }, revision: revision,
            focus: focus, lastEvent: log.recent.last, connected: presenceCount.editors > 0)
    }

    /// The joined editors that are keeping up: where the roster of this session's forks goes.
    public var editorRecipients: [ConnectionID] {
        recipients.filter { connection in
            if case .joined(_, .editor, _) = membership.state(of: connection) { return true }
            return false
        }
    }

    /// The presenter shows `fork` (a viewer capability the registry checked is one of this
    /// session's forks) to every member, or stops showing one (`nil`); a viewer is refused
    /// (`read_only`), and so is any other editor (`not_presenter`): the class sees what the
    /// presenter steers.
    mutating func show(
        _ fork: String?, from connection: ConnectionID, clientId: String, role: Role, into outputs: inout [SessionOutput]
    ) {
        guard role == .editor else {
            refuse(connection, ProtocolError(.readOnly, "Only an editor shows a student's session to the class."), into: &outputs)
            return
        }
        guard presentation.presents(clientId) else {
            refuse(
                connection, ProtocolError(.notPresenter, "Only the presenter shows a student's session to the class."),
                into: &outputs)
            return
        }
        guard fork != shown else { return }
        shown = fork
        outputs.append(.broadcast(.shown(fork: fork)))
    }
}
