import FocusCore

extension ProtocolError {
    /// How a member is told that the session's own program refused or stopped their action.
    public init(_ error: ProgramError, seq: Int?) {
        switch error {
        case .unknownControl(let key):
            self.init(.unknownKey, "The screen shows no control '\(key.name)'; it may have gone with a change.", seq: seq)
        case .notEditable(let key):
            self.init(.controlUnavailable, "'\(key.name)' is not a field: it has no text to edit.", seq: seq)
        case .disabled(let key):
            self.init(.controlUnavailable, "'\(key.name)' is disabled (`.disabled`), so it does not respond.", seq: seq)
        case .unknownScreen(let index):
            self.init(.unknownScreen, "The program has no screen number \(index + 1).", seq: seq)
        case .stepBudgetExceeded(let line):
            self.init(
                .actionFailed,
                "Line \(line): the action ran more statements than a session allows (a loop that never ends?) and was stopped; nothing changed.",
                seq: seq)
        case .callTooDeep(let line):
            self.init(
                .actionFailed,
                "Line \(line): calls nested too deep (a method that calls itself without end?); the action was stopped and nothing changed.",
                seq: seq)
        case .runtime(let line, let message):
            self.init(.actionFailed, "Line \(line): \(message); the action was stopped and nothing changed.", seq: seq)
        }
    }
}
