/// A type as the source spells it, read into its shape.
public indirect enum TypeName: Hashable, Sendable, Codable {
    /// A named type (`String`, `Bool`, `Int`, `Double`, `UUID`, `Field`, `LoginForm.Field`).
    case named(String)
    case optional(TypeName)
    case array(TypeName)
    /// Any other spelling, kept as written.
    case other(String)
}
