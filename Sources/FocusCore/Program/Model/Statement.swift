/// One statement of an action (a closure, a method body), with where it was written: every event
/// a statement causes carries its line.
public struct Statement: Equatable, Sendable, Codable {
    public var kind: StatementKind
    public var span: SourceSpan

    public init(_ kind: StatementKind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }
}

public indirect enum StatementKind: Equatable, Sendable, Codable {
    /// `target = value`, `target += value`, `target -= value` (`operator` is `=`, `+=` or `-=`).
    case assign(target: Expression, operator: String, value: Expression)
    /// `let name = value` / `var name = value` (`value` is `nil` for `var name: T`).
    case declare(name: String, mutable: Bool, value: Expression?)
    /// `if … { } else if … { } else { }`: `otherwise` holds an `else if` as one `if` statement.
    case ifThen(conditions: [Condition], then: [Statement], otherwise: [Statement])
    case guardElse(conditions: [Condition], otherwise: [Statement])
    case switchOn(subject: Expression, cases: [SwitchCase<Statement>])
    /// `for name in sequence where filter { … }`.
    case forIn(name: String, sequence: Expression, filter: Expression?, body: [Statement])
    case returnValue(Expression?)
    /// A call or any other expression on its own (`items.append(x)`, `submit()`).
    case expression(Expression)
    /// `withTransaction(…) { … }` / `withAnimation { … }`: the body runs now, in one transaction;
    /// `animated` is true for `withAnimation`.
    case transaction(animated: Bool, body: [Statement])
    /// `DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { … }`: the body runs later.
    case after(seconds: Expression, body: [Statement])
    /// `Task { … }`: the body runs now, up to its first sleep.
    case task([Statement])
    /// `try? await Task.sleep(for: .seconds(s))`, `.milliseconds(ms)`, `nanoseconds: n`: what follows
    /// runs after this many seconds.
    case sleep(seconds: Expression)
    /// A statement the playground does not model (a warning says so); it does nothing.
    case unmodelled(String)
}

/// One condition of an `if`, a `guard` or a `while`.
public enum Condition: Equatable, Sendable, Codable {
    case expression(Expression)
    /// `let name = value` (or `let name` alone, which reads `name`).
    case optionalBinding(name: String, value: Expression)
    /// `case pattern = value`.
    case matches(pattern: Pattern, value: Expression)
}

/// One `case` of a `switch` (several patterns, or `default` when `patterns` is empty).
public struct SwitchCase<Body: Equatable & Sendable & Codable>: Equatable, Sendable, Codable {
    public var patterns: [Pattern]
    public var body: [Body]
    public var span: SourceSpan

    public init(patterns: [Pattern], body: [Body], span: SourceSpan) {
        self.patterns = patterns
        self.body = body
        self.span = span
    }

    public var isDefault: Bool { patterns.isEmpty }
}

/// What a `case` matches.
public indirect enum Pattern: Equatable, Sendable, Codable {
    /// A value to compare with (`.username`, `nil`, `3`, `"a"`).
    case value(Expression)
    /// `.row(let id)` / `.row(id: let id)`: a case whose payload binds names (or matches values).
    case enumCase(name: String, payload: [Pattern])
    /// `let name` inside a payload.
    case binding(String)
    /// `_`.
    case wildcard
    /// `.some(pattern)` or `pattern?`.
    case some(Pattern)
}
