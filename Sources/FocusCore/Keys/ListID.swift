/// The name of a list of rows on a screen (`emails` on `gift`, `tasks` on `tasks`).
public struct ListID: StringIdentifier {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The recipient email rows of the gift screen.
    public static let emails: ListID = "emails"
    /// The task rows of the tasks screen.
    public static let tasks: ListID = "tasks"
}
