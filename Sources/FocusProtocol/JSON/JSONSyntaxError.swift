/// Why some bytes are not one JSON text (RFC 8259), and where.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, as a phrase: "a trailing comma", "a number with a leading zero".
    public var problem: String
    /// The byte offset where it was found.
    public var offset: Int

    public var description: String { "\(problem) at byte \(offset)" }
}
