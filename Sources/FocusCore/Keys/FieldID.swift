/// The name of a (non-row) field on a screen, as the page draws it: `address` is the Address
/// field, whichever key it happens to be bound to.
public struct FieldID: StringIdentifier {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
