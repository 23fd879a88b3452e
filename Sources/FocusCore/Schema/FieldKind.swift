/// What kind of control a field is drawn as.
public enum FieldKind: String, Codable, Sendable, CaseIterable {
    /// A one-line text field.
    case text
    /// A one-line field whose text is hidden.
    case secure
    /// A multi-line editor: Return inserts a newline instead of submitting.
    case editor
    /// A one-line field for an email address.
    case email
    /// A one-line field for a phone number.
    case phone

    /// Whether Return in this field submits (moves focus on) rather than inserting a newline.
    public var submitsOnReturn: Bool { self != .editor }
}
