/// The name of a lesson (`checkout-ambiguous`), as intents and progress spell it.
public struct LessonID: StringIdentifier {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
