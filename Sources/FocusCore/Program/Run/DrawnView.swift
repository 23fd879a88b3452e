/// A screen as the program draws it now: what the phone shows, with every control named by its
/// key. The page draws this and nothing else; it derives nothing from the source.
public struct DrawnScreen: Equatable, Sendable, Codable {
    /// The view struct's name.
    public var name: String
    public var content: [DrawnView]
    /// The field that has focus, if any.
    public var focused: ControlKey?
    /// Every focus state of the screen and its value as Swift prints it (`focusedField: .password`).
    public var focusValues: [NamedValue]
    /// Every `@State` of the screen and its value as Swift prints it, in declaration order.
    public var stateValues: [NamedValue]
    /// The buttons of the keyboard's toolbar while a field has focus (empty otherwise).
    public var keyboardToolbar: [DrawnView]
    /// The content of the screen's other toolbars (`.primaryAction`, `.confirmationAction`, …).
    public var toolbar: [DrawnView]

    /// The members' names on the wire, which a merge patch of the screen names one by one.
    public enum CodingKeys: String, CodingKey, Sendable {
        case name, content, focused, focusValues, stateValues, keyboardToolbar, toolbar
    }

    public init(
        name: String, content: [DrawnView], focused: ControlKey?, focusValues: [NamedValue], stateValues: [NamedValue],
        keyboardToolbar: [DrawnView], toolbar: [DrawnView] = []
    ) {
        self.name = name
        self.content = content
        self.focused = focused
        self.focusValues = focusValues
        self.stateValues = stateValues
        self.keyboardToolbar = keyboardToolbar
        self.toolbar = toolbar
    }
}

public struct NamedValue: Equatable, Sendable, Codable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One drawn view.
public struct DrawnView: Equatable, Sendable, Codable {
    public enum Kind: String, Equatable, Sendable, Codable, CaseIterable {
        case form, section, stack, list, group
        case textField, secureField, textEditor
        case toggle, button, text, label, spacer, divider
        /// A view the playground does not model; `title` names it.
        case placeholder
    }

    public var kind: Kind
    /// Controls have a key; other views do not.
    public var key: ControlKey?
    /// A field's title or prompt, a button's title, a section's header, a text's text.
    public var title: String?
    /// A field's text; a toggle's `"true"`/`"false"`.
    public var value: String?
    /// Whether the text is Markdown to be drawn with inline styles only.
    public var markdown: Bool
    public var disabled: Bool
    /// A field's Return key label (`next`, `done`, `return`, …).
    public var submitLabel: String?
    /// `keyboardType`/`textContentType` names, for the page's input hints.
    public var keyboardType: String?
    public var textContentType: String?
    /// `"vertical"` for `TextField(…, axis: .vertical)`: a field of several lines, where Return
    /// is a new line. Absent for every other view.
    public var axis: String?
    /// The line the view was written on.
    public var line: Int
    public var content: [DrawnView]

    public init(
        kind: Kind, key: ControlKey? = nil, title: String? = nil, value: String? = nil, markdown: Bool = false,
        disabled: Bool = false, submitLabel: String? = nil, keyboardType: String? = nil, textContentType: String? = nil,
        axis: String? = nil, line: Int, content: [DrawnView] = []
    ) {
        self.kind = kind
        self.key = key
        self.title = title
        self.value = value
        self.markdown = markdown
        self.disabled = disabled
        self.submitLabel = submitLabel
        self.keyboardType = keyboardType
        self.textContentType = textContentType
        self.axis = axis
        self.line = line
        self.content = content
    }
}
