/// An action followed statement by statement, for Step: what each statement read and wrote, and
/// the focus states around it (``ProgramInterpreter/trace(_:on:ids:keeping:)``).
public struct ProgramTrace: Equatable, Sendable, Codable {
    /// The statements in the order they ran. A statement that calls a method appears again after
    /// the method's statements when it reads or writes more once the call is back.
    public var statements: [TracedStatement]
    /// Whether the action ran more statements than the trace keeps (they ran all the same).
    public var truncated: Bool

    public init(statements: [TracedStatement], truncated: Bool) {
        self.statements = statements
        self.truncated = truncated
    }
}

/// One statement as it ran.
public struct TracedStatement: Equatable, Sendable, Codable {
    /// Where the statement is written (from 1; the column in UTF-8 bytes, as the compiler counts).
    public var line: Int
    public var column: Int
    /// The values it read, each named as written (`email.isEmpty`, `focusedField`) and printed as
    /// Swift prints it (`true`, `.email`), in the order it read them; an `if`'s or a `guard`'s
    /// conditions are among them with the value each came to.
    public var reads: [NamedValue]
    /// The `@State` and `@FocusState` values it changed, with their new values.
    public var writes: [NamedValue]
    /// The screen's focus states as the statement began and as it ended (or the next began).
    /// Focus itself follows them once the whole action has run, as SwiftUI's does.
    public var focusBefore: [NamedValue]
    public var focusAfter: [NamedValue]

    public init(
        line: Int, column: Int, reads: [NamedValue] = [], writes: [NamedValue] = [], focusBefore: [NamedValue] = [],
        focusAfter: [NamedValue] = []
    ) {
        self.line = line
        self.column = column
        self.reads = reads
        self.writes = writes
        self.focusBefore = focusBefore
        self.focusAfter = focusAfter
    }
}
