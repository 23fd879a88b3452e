/// Bounds a session enforces on what members' intents may ask for.
public struct Limits: Equatable, Sendable {
    /// The longest text an edit may set, in characters; longer is `value_too_long`.
    public var maxValueLength: Int
    /// The most text a whole session may hold across all its fields, in UTF-8 bytes. It keeps
    /// every snapshot and update small however many rows a list has.
    public var maxSessionTextBytes: Int

    public init(maxValueLength: Int = 10_000, maxSessionTextBytes: Int = 64 * 1024) {
        self.maxValueLength = maxValueLength
        self.maxSessionTextBytes = maxSessionTextBytes
    }
}
