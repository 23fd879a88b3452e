/// The button that validates a screen ("Proceed to Gift Message", "Send the Gift").
public struct ValidateButton: Codable, Equatable, Sendable {
    /// The button's title.
    public var label: String
    /// Where a successful validation navigates to; `nil` to stay.
    public var navigatesOnValid: ScreenID?

    public init(label: String, navigatesOnValid: ScreenID? = nil) {
        self.label = label
        self.navigatesOnValid = navigatesOnValid
    }
}
