/// An expression as written. The reader keeps its shape and does not decide what a name or a
/// member means; the interpreter does (`isEmpty` on a string, `count` on an array, a case of the
/// focus value's enum).
public indirect enum Expression: Equatable, Sendable, Codable {
    case string(String)
    /// A string with interpolations: literal pieces and expressions in order.
    case interpolated([InterpolationPiece])
    case integer(Int)
    case double(Double)
    case boolean(Bool)
    case nilLiteral
    /// A name (`username`, `focus`, `self`, `Field`).
    case name(String)
    /// `$name`: a binding.
    case binding(String)
    /// `base.member` (`username.isEmpty`, `Field.allCases`, `focus.wrappedValue`).
    case member(Expression, String)
    /// `.member`: an implicit member (`.password`, `.now()` is a call of one).
    case implicitMember(String)
    /// `base?.member`-style chains: `optional` marks the `?`.
    case optionalChain(Expression)
    /// `callee(arguments)`, with a trailing closure as the last argument labelled `nil`.
    case call(Expression, [Argument])
    case `subscript`(Expression, [Argument])
    /// `!x`, `-x`.
    case prefix(String, Expression)
    /// `a op b` for `==`, `!=`, `<`, `>`, `<=`, `>=`, `&&`, `||`, `+`, `-`, `*`, `/`, `%`, `??`,
    /// `..<`, `...`, with Swift's precedence already applied.
    case infix(String, Expression, Expression)
    case ternary(Expression, Expression, Expression)
    /// `[a, b]`.
    case array([Expression])
    /// `{ param in … }` or `{ $0 … }` (`$0` is the name `$0`).
    case closure(parameters: [String], body: [Statement])
    /// `\.self`, `\.id`: the path's names.
    case keyPath([String])
    /// An expression the playground does not model, as written.
    case unmodelled(String)
}

public enum InterpolationPiece: Equatable, Sendable, Codable {
    case literal(String)
    case expression(Expression)
}

/// One argument of a call: its label (`nil` when unlabelled) and value.
public struct Argument: Equatable, Sendable, Codable {
    public var label: String?
    public var value: Expression

    public init(label: String?, value: Expression) {
        self.label = label
        self.value = value
    }
}
