/// A problem with how a screen is put together, shown in the inspector.
public struct Diagnostic: Codable, Equatable, Sendable {
    /// What sort of problem it is.
    public enum Kind: String, Codable, Sendable {
        /// One key is bound to more than one field.
        case ambiguousBinding
    }

    public var kind: Kind
    /// The key concerned.
    public var key: FocusKey
    /// The fields concerned, in screen order.
    public var fields: [FieldID]
    /// What goes wrong and how to fix it.
    public var message: String

    public init(kind: Kind, key: FocusKey, fields: [FieldID], message: String) {
        self.kind = kind
        self.key = key
        self.fields = fields
        self.message = message
    }

    /// `key` is bound to every one of `fields` (labelled `labels`), which leaves the keys in
    /// `unreachable` bound to no field at all.
    static func ambiguousBinding(key: FocusKey, fields: [FieldID], labels: [String], unreachable: [FocusKey]) -> Diagnostic {
        let last = labels.last ?? ""
        let named = labels.dropLast().joined(separator: ", ") + " and " + last
        var message =
            "The \(named) fields are \(labels.count == 2 ? "both" : "all") bound to \(key): "
            + "focusing \(key) lands on \(last), the last of them"
        if !unreachable.isEmpty {
            let keys = unreachable.map(\.description).joined(separator: ", ")
            message += ", and nothing can focus \(keys), so Return, Next and validation aimed there end with no focus"
        }
        return Diagnostic(
            kind: .ambiguousBinding, key: key, fields: fields,
            message: message + ". Bind each key to exactly one field."
        )
    }
}
