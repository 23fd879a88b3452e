/// Why a program refused an intent or stopped an action; the run is then as it was before it.
public enum ProgramError: Error, Equatable, Sendable, Codable {
    /// No control of the drawn screen has this key.
    case unknownControl(ControlKey)
    /// The control is not a field, or it is disabled.
    case notEditable(ControlKey)
    case disabled(ControlKey)
    /// No screen at this index.
    case unknownScreen(Int)
    /// An action ran more statements than ``ProgramLimits/steps`` allows.
    case stepBudgetExceeded(line: Int)
    /// Calls nested deeper than ``ProgramLimits/callDepth``.
    case callTooDeep(line: Int)
    /// A statement could not run as written (a missing name, a type mismatch, an index out of
    /// range); the message says what, in a person's words.
    case runtime(line: Int, message: String)
}

/// How much one action may do before it is stopped.
public struct ProgramLimits: Equatable, Sendable, Codable {
    public var steps: Int
    public var callDepth: Int
    public var rows: Int

    public init(steps: Int = 10_000, callDepth: Int = 64, rows: Int = 100) {
        self.steps = steps
        self.callDepth = callDepth
        self.rows = rows
    }
}
