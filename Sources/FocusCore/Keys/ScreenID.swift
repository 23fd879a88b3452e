/// The name of a screen in a `Schema` (`profile`, `checkout`, `gift`, `tasks`).
public struct ScreenID: StringIdentifier {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The two-field form of seed 000.
    public static let profile: ScreenID = "profile"
    /// The checkout form of seed 001.
    public static let checkout: ScreenID = "checkout"
    /// The gift message screen of seed 001.
    public static let gift: ScreenID = "gift"
    /// The Reminders-style task list of seed 002.
    public static let tasks: ScreenID = "tasks"
}
