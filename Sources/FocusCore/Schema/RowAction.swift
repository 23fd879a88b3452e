/// A button on a focused row that adds text to one of its fields ("Add Location" appends
/// "At home" to a reminder's notes).
public struct RowAction: Codable, Equatable, Sendable {
    /// The button's title.
    public var label: String
    /// The field of the row it adds to.
    public var target: FocusCase
    /// The text it appends (after a space when the field is not empty).
    public var appends: String

    public init(label: String, target: FocusCase, appends: String) {
        self.label = label
        self.target = target
        self.appends = appends
    }
}
