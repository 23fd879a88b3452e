/// The button that validates a screen ("Proceed to Gift Message", "Send the Gift").
public struct ValidateButton: Codable, Equatable, Sendable {
    /// The button's title.
    public var label: String
    /// Where a successful validation navigates to; `nil` to stay.
    public var navigatesOnValid: ScreenID?
    /// What the screen says after a successful validation that stays on it ("Your gift is on its way.").
    public var validMessage: String?

    public init(label: String, navigatesOnValid: ScreenID? = nil, validMessage: String? = nil) {
        self.label = label
        self.navigatesOnValid = navigatesOnValid
        self.validMessage = validMessage
    }
}
