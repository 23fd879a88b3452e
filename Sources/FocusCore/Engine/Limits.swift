/// Bounds the engine enforces on what intents may ask for.
public struct Limits: Equatable, Sendable {
    /// The longest text an edit may set, in characters; longer is `value_too_long`.
    public var maxValueLength: Int

    public init(maxValueLength: Int = 10_000) {
        self.maxValueLength = maxValueLength
    }
}
