import FocusProtocol

extension SessionMachine {
    /// What a session shows that no change carries, as messages that bring a member sent a
    /// snapshot without it (a relay's copy, built from the store) to it: who is present and how
    /// many, every caret shared, Step, the presentation and the fork shown. Each message is
    /// whole, so the latest set replaces any earlier one.
    public func liveMessages() -> [ServerMessage] {
        [
            .presence(PresenceMessage(joined: membership.roster.named.map(\.member), count: presenceCount)),
            .carets(CaretsMessage(revision: revision, carets: carets.shared)),
            .stepping(patch: Stepping.patch(from: nil, to: stepping.snapshot)),
            .presentation(presentation.state),
            .shown(fork: shown),
        ]
    }

    /// Whether `message` is one of what ``liveMessages()`` covers: shared without a change.
    public static func isLive(_ message: ServerMessage) -> Bool {
        switch message {
        case .presence, .carets, .stepping, .presentation, .shown: true
        case .snapshot, .update, .ack, .error, .past, .pong, .forks: false
        }
    }
}
