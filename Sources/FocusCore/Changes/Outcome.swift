/// What applying a change did.
public enum Outcome: Equatable, Sendable {
    /// The state changed: these events happened, in order, and the host must run these effects.
    case applied(events: [FocusEvent], effects: [Effect])
    /// Nothing changed (the host answers `ack` with this reason instead of broadcasting).
    case unchanged(AckReason)

    /// The events that happened (none when unchanged).
    public var events: [FocusEvent] {
        if case .applied(let events, _) = self { return events }
        return []
    }

    /// The effects the host must run (none when unchanged).
    public var effects: [Effect] {
        if case .applied(_, let effects) = self { return effects }
        return []
    }
}

/// Why an intent changed nothing. FocusProtocol gives each reason its word on the wire.
public enum AckReason: Sendable, CaseIterable {
    /// The intent asked for what already holds (or a stale timer fired).
    case unchanged
    /// The host saw this intent's `seq` before and did not apply it again (never a program's
    /// answer; listed here so every reason the host answers with is one of these).
    case duplicate
}
