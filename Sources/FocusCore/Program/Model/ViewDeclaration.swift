/// A `struct X: View`: its properties, its `body`, and its own methods.
public struct ViewDeclaration: Equatable, Sendable, Codable {
    public var name: String
    public var properties: [ViewProperty]
    public var body: [ViewNode]
    public var methods: [MethodDeclaration]
    /// Its computed properties other than `body` (`var canSubmit: Bool { !email.isEmpty }`): each
    /// a getter with no parameters, whose `body` a use of its name runs for the value it returns.
    public var computedProperties: [MethodDeclaration]
    public var span: SourceSpan

    public init(
        name: String, properties: [ViewProperty], body: [ViewNode], methods: [MethodDeclaration] = [], span: SourceSpan,
        computedProperties: [MethodDeclaration] = []
    ) {
        self.name = name
        self.properties = properties
        self.body = body
        self.methods = methods
        self.computedProperties = computedProperties
        self.span = span
    }
}

/// A stored property of a view, and the property wrapper that makes it state.
public struct ViewProperty: Equatable, Sendable, Codable {
    public enum Wrapper: Equatable, Sendable, Codable {
        /// `@State`.
        case state
        /// `@FocusState`.
        case focusState
        /// `@Binding`.
        case binding
        /// A `FocusState<T>.Binding` parameter.
        case focusBinding
        /// A plain `let` or `var` (a parameter when it has no initial value).
        case plain
    }

    public var name: String
    public var wrapper: Wrapper
    /// The type as written, or `nil` when only an initial value says it.
    public var type: TypeName?
    public var initial: Expression?
    public var span: SourceSpan

    public init(name: String, wrapper: Wrapper, type: TypeName?, initial: Expression?, span: SourceSpan) {
        self.name = name
        self.wrapper = wrapper
        self.type = type
        self.initial = initial
        self.span = span
    }
}

/// A method of a view (`func submit()`, `func focusNext(after field: Field)`).
public struct MethodDeclaration: Equatable, Sendable, Codable {
    public struct Parameter: Equatable, Sendable, Codable {
        /// The argument label callers write; `nil` for `_`.
        public var label: String?
        public var name: String
        public var type: TypeName?

        public init(label: String?, name: String, type: TypeName?) {
            self.label = label
            self.name = name
            self.type = type
        }
    }

    public var name: String
    public var parameters: [Parameter]
    public var returnType: TypeName?
    public var body: [Statement]
    public var span: SourceSpan

    public init(name: String, parameters: [Parameter], returnType: TypeName?, body: [Statement], span: SourceSpan) {
        self.name = name
        self.parameters = parameters
        self.returnType = returnType
        self.body = body
        self.span = span
    }
}
