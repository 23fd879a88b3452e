/// The result of a screen's last validation.
public enum ValidationResult: String, Codable, Sendable {
    /// Every field passed.
    case valid
    /// At least one field has an error.
    case invalid
}
