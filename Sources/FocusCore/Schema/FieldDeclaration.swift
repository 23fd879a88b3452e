/// One field of a screen that is not part of a list, and the focus key it is bound to.
public struct FieldDeclaration: Codable, Equatable, Sendable {
    /// The field's name, which the page uses to draw it.
    public var id: FieldID
    /// The label a person sees.
    public var label: String
    /// The control it is drawn as.
    public var kind: FieldKind
    /// The Return key's label.
    public var submitLabel: SubmitLabel
    /// The key the field is declared with (`.focused($focus, equals: key)`); values and errors
    /// are filed under it.
    public var key: FocusKey
    /// The key the field is bound to instead while the session's `ambiguousAddressBinding`
    /// setting is on: the checkout seed's deliberate mistake. `nil` for every other field.
    public var mistakenKey: FocusKey?
    /// The checks `validate` runs on the field's text, in order.
    public var rules: [ValidationRule]
    /// The HTML `autocomplete` purpose of the field (WCAG 1.3.5), if it has one.
    public var autocomplete: String?
    /// Text shown in the empty field.
    public var placeholder: String?

    public init(
        id: FieldID,
        label: String,
        kind: FieldKind = .text,
        submitLabel: SubmitLabel = .next,
        key: FocusKey,
        mistakenKey: FocusKey? = nil,
        rules: [ValidationRule] = [],
        autocomplete: String? = nil,
        placeholder: String? = nil
    ) {
        self.id = id
        self.label = label
        self.kind = kind
        self.submitLabel = submitLabel
        self.key = key
        self.mistakenKey = mistakenKey
        self.rules = rules
        self.autocomplete = autocomplete
        self.placeholder = placeholder
    }

    /// The key the field is bound to under `settings`.
    public func boundKey(under settings: Settings) -> FocusKey {
        if settings.ambiguousAddressBinding, let mistakenKey { return mistakenKey }
        return key
    }
}
