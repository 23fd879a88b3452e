/// The name of a screen: the view struct a program shows (`LoginForm`).
public struct ScreenID: StringIdentifier {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
