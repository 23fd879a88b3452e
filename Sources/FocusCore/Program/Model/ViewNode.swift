/// One view of a `body` (or of a view-builder closure), with the modifiers written on it in order.
public struct ViewNode: Equatable, Sendable, Codable {
    public var kind: ViewKind
    public var modifiers: [ViewModifier]
    public var span: SourceSpan

    public init(_ kind: ViewKind, modifiers: [ViewModifier] = [], span: SourceSpan) {
        self.kind = kind
        self.modifiers = modifiers
        self.span = span
    }
}

/// The views the playground models. Titles and texts are expressions: `Text("Hi \(name)")` reads
/// the state when drawn.
public indirect enum ViewKind: Equatable, Sendable, Codable {
    /// `Form`, `Section`, `VStack`, `HStack`, `ZStack`, `Group`, `List`, `NavigationStack`,
    /// `ScrollView`: views that only hold others.
    case container(ContainerKind, title: Expression?, content: [ViewNode])
    /// `ForEach(items)`, `ForEach($items) { $item in … }`, `ForEach(items.indices, id: \.self) { i in … }`.
    case forEach(ForEachView)
    /// `TextField`, `SecureField`, `TextEditor`: a control whose text is a binding.
    case textInput(TextInputView)
    /// `Toggle(title, isOn: $flag)`.
    case toggle(title: Expression, isOn: Expression)
    /// `Button(title) { … }` or `Button(action: …) { label }`.
    case button(ButtonView)
    /// `Text(…)`; `markdown` when it is `Text(AttributedString(markdown: …))` or a literal with
    /// Markdown in it.
    case text(Expression, markdown: Bool)
    /// `Label(title, systemImage:)`.
    case label(title: Expression)
    case spacer
    case divider
    /// `if`/`else if`/`else` in a view builder (`if let` too).
    case conditional(conditions: [Condition], then: [ViewNode], otherwise: [ViewNode])
    /// `switch` in a view builder.
    case switchView(subject: Expression, cases: [SwitchCase<ViewNode>])
    /// A use of one of the source's own views (`EmailRow(email: $email, focus: $focus)`),
    /// inlined by the interpreter.
    case component(name: String, arguments: [Argument])
    /// A view the playground does not model, drawn as a labelled placeholder; what it contains
    /// still runs.
    case unmodelled(name: String, content: [ViewNode])
}

public enum ContainerKind: String, Equatable, Sendable, Codable {
    case form, section, vStack, hStack, zStack, group, list, navigationStack, scrollView
}

public struct ForEachView: Equatable, Sendable, Codable {
    /// What it runs over, as written (`items`, `items.indices`, `Field.allCases`, `0..<3`).
    public var collection: Expression
    /// Whether it runs over a binding (`ForEach($items)`): then the element is a binding too.
    public var overBinding: Bool
    /// The closure's parameter name (`item` for both `item in` and `$item in`).
    public var element: String?
    public var content: [ViewNode]

    public init(collection: Expression, overBinding: Bool, element: String?, content: [ViewNode]) {
        self.collection = collection
        self.overBinding = overBinding
        self.element = element
        self.content = content
    }
}

public struct TextInputView: Equatable, Sendable, Codable {
    public enum Style: String, Equatable, Sendable, Codable {
        /// `TextField`.
        case field
        /// `TextField(…, axis: .vertical)`: Return inserts a new line.
        case verticalField
        /// `SecureField`.
        case secure
        /// `TextEditor`: Return inserts a new line.
        case editor
    }

    public var style: Style
    /// The title or prompt (`nil` for a `TextEditor`).
    public var title: Expression?
    /// The binding of its text, without the `$` (`username`, `item.title`).
    public var text: Expression

    public init(style: Style, title: Expression?, text: Expression) {
        self.style = style
        self.title = title
        self.text = text
    }
}

public struct ButtonView: Equatable, Sendable, Codable {
    /// The title, or the text of a label closure.
    public var title: Expression?
    /// Views of a label closure, when it has one.
    public var label: [ViewNode]
    public var action: [Statement]
    /// `role: .destructive` / `.cancel`, when given.
    public var role: String?

    public init(title: Expression?, label: [ViewNode] = [], action: [Statement], role: String? = nil) {
        self.title = title
        self.label = label
        self.action = action
        self.role = role
    }
}
