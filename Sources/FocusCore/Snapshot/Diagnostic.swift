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

    /// `key` is bound to every one of `fields`, whose labels are `labels`.
    static func ambiguousBinding(key: FocusKey, fields: [FieldID], labels: [String]) -> Diagnostic {
        let last = labels.last ?? ""
        let all = labels.dropLast().joined(separator: ", ") + " and " + last
        return Diagnostic(
            kind: .ambiguousBinding,
            key: key,
            fields: fields,
            message: "The \(all) fields are all bound to \(key): focusing \(key) lands on \(last), the last of them, "
                + "and Return, Next or validation aimed at the others ends with no focus. Bind each key to one field only."
        )
    }
}
