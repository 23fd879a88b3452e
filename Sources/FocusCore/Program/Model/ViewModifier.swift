/// A modifier written on a view, in the order written.
public struct ViewModifier: Equatable, Sendable, Codable {
    public var kind: ViewModifierKind
    public var span: SourceSpan

    public init(_ kind: ViewModifierKind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }
}

public enum ViewModifierKind: Equatable, Sendable, Codable {
    /// `.focused($focus, equals: value)`; `value` is `nil` for `.focused($isFocused)` on a `Bool`.
    /// `binding` is the focus state's expression without the `$` (`focus`, `field`).
    case focused(binding: Expression, equals: Expression?)
    /// `.onSubmit { … }` or `.onSubmit(of: .search) { … }` (`triggers` is `text` unless given).
    case onSubmit(triggers: String, action: [Statement])
    /// `.submitLabel(.next)`, or an expression choosing one (`last ? .done : .next`).
    case submitLabel(Expression)
    /// `.toolbar { … }`: the items with their placement (`keyboard` for the keyboard's bar).
    case toolbar([ToolbarItemGroup])
    case disabled(Expression)
    /// `.defaultFocus($focus, value)`.
    case defaultFocus(binding: Expression, value: Expression)
    case onAppear([Statement])
    /// `.task { … }`: runs on appear, like `onAppear` in a `Task`.
    case task([Statement])
    /// `.onChange(of: value) { … }`: the action runs after an intent (or an action it ran)
    /// changed the value, and on appear too when `initial` is true. `parameters` are the closure's
    /// names: one takes the new value, two take the old and the new.
    case onChange(of: Expression, initial: Bool, parameters: [String], action: [Statement])
    /// `.onDisappear { … }`: runs when the session shows another screen.
    case onDisappear([Statement])
    /// `.keyboardType(.emailAddress)`: the name.
    case keyboardType(String)
    /// `.textContentType(.username)`: the name.
    case textContentType(String)
    /// A presentation modifier accepted without effect (`padding`, `font`, …): its name.
    case presentation(String)
    /// A modifier the playground does not model: its name (a warning says so).
    case unmodelled(String)
}

/// `ToolbarItemGroup(placement: …) { … }` or `ToolbarItem(placement: …) { … }`.
public struct ToolbarItemGroup: Equatable, Sendable, Codable {
    /// The placement's name (`keyboard`, `primaryAction`, …; `automatic` when none is given).
    public var placement: String
    public var content: [ViewNode]
    public var span: SourceSpan

    public init(placement: String, content: [ViewNode], span: SourceSpan) {
        self.placement = placement
        self.content = content
        self.span = span
    }
}
