/// Something a program did, with the line of the statement that did it (`nil` when no statement
/// did, as when a tap focuses a field).
public struct ProgramEvent: Equatable, Sendable, Codable {
    public var kind: ProgramEventKind
    public var line: Int?

    public init(_ kind: ProgramEventKind, line: Int?) {
        self.kind = kind
        self.line = line
    }
}

public enum ProgramEventKind: Equatable, Sendable, Codable {
    /// Focus moved between fields (`nil` is no field). `value` is the focus state's new value as
    /// Swift prints it (`.password`, `nil`, `true`).
    case focus(from: ControlKey?, to: ControlKey?, value: String, cause: FocusCause)
    /// A field's text changed by a person.
    case edit(ControlKey)
    /// A `@State` or `@FocusState` property took a new value, printed as Swift would.
    case state(name: String, value: String)
    /// A timer was set to fire after this many milliseconds.
    case timerSet(TimerToken, milliseconds: Int)
    /// Another screen appeared.
    case screen(Int)
    /// The program started again from its start (``ProgramInterpreter/restart(_:ids:)``): every
    /// value initial, and the first screen appearing.
    case restart
}
