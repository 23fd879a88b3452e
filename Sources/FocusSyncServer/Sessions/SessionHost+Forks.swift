import FocusProtocol
import Sessions
import WebSocketTransport

/// Forks and the class view: a fork made and stored, and the roster of a session's forks sent
/// to its editors, coalesced: however many forks change, each parent's editors get at most one
/// `forks` message a tick, with the entries that changed (docs/PROTOCOL.md, "Forks").
extension SessionHost {
    /// How often the forks that changed are sent to their parents' editors, at most.
    static let rosterIntervalMilliseconds = 200

    /// A new fork of session `parent`, stored like a new session (see
    /// ``SessionRegistry/fork(_:at:ids:into:)``).
    func fork(of parent: SessionID) throws(ProtocolError) -> SessionMachine {
        let fork = try makeFork(of: parent)
        scheduleRoster()
        return fork
    }

    /// The roster entries of `parent`'s forks, in fork order.
    func forkEntries(of parent: SessionID) -> [ForkEntry] { registry.forkEntries(of: parent) }

    /// The roster changes waiting (see ``SessionRegistry/takeRosterChanges()``).
    func takeRosterChanges() -> [(parent: SessionID, editors: [ConnectionID], forks: [ForkEntry])] {
        registry.takeRosterChanges()
    }

    /// Schedules the next roster if a change waits and none is scheduled.
    func scheduleRoster() {
        guard !rosterScheduled, registry.forkLinks.hasChanges else { return }
        rosterScheduled = true
        serviceThread.schedule(after: .milliseconds(Self.rosterIntervalMilliseconds)) { [weak self] in
            self?.sendRosterChanges()
        }
    }

    /// The whole roster of `parent`'s forks as a `forks` message, or nil when it has none.
    func wholeRoster(of parent: SessionID) -> OutboundMessage? {
        guard !registry.forkLinks.forks(of: parent).isEmpty else { return nil }
        let entries = forkEntries(of: parent)
        return OutboundMessage(utf8: ServerMessage.forks(ForksMessage(whole: true, forks: entries)).encoded())
    }

    /// Sends each parent's editors the entries of its forks that changed, one message a parent.
    private func sendRosterChanges() {
        rosterScheduled = false
        for change in takeRosterChanges() {
            let encoded = OutboundMessage(utf8: ServerMessage.forks(ForksMessage(whole: false, forks: change.forks)).encoded())
            deliver { [weak self] in
                guard let self else { return }
                for editor in change.editors { send(encoded, to: editor) }
            }
        }
    }
}
