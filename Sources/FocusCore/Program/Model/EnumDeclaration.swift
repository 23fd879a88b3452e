/// An enum of the source (a focus value's type, most of the time).
public struct EnumDeclaration: Equatable, Sendable, Codable {
    /// One case, with the labels of its associated values (`row(id: UUID)` has `["id"]`,
    /// `item(UUID)` has `[nil]`).
    public struct Case: Equatable, Sendable, Codable {
        public var name: String
        public var payloadLabels: [String?]
        /// The case's `Int` raw value, when the enum has `Int` raw values.
        public var rawValue: Int?
        public var span: SourceSpan

        public init(name: String, payloadLabels: [String?] = [], rawValue: Int? = nil, span: SourceSpan) {
            self.name = name
            self.payloadLabels = payloadLabels
            self.rawValue = rawValue
            self.span = span
        }
    }

    /// Qualified as Swift would (`SignUpForm.Field` for one nested in `SignUpForm`).
    public var name: String
    public var cases: [Case]
    /// Whether it conforms to `CaseIterable` (so `allCases` exists).
    public var caseIterable: Bool
    /// Whether it has `Int` raw values (so `rawValue` and `init(rawValue:)` exist).
    public var intRawValues: Bool
    /// Its methods (`func next() -> Field?`), run with `self` the case they are called on.
    public var methods: [MethodDeclaration]
    /// Its computed properties (`var title: String { switch self { … } }`), each a getter with no
    /// parameters, run with `self` the case they are read on.
    public var computedProperties: [MethodDeclaration]
    public var span: SourceSpan

    public init(
        name: String, cases: [Case], caseIterable: Bool = false, intRawValues: Bool = false, span: SourceSpan,
        methods: [MethodDeclaration] = [], computedProperties: [MethodDeclaration] = []
    ) {
        self.name = name
        self.cases = cases
        self.caseIterable = caseIterable
        self.intRawValues = intRawValues
        self.methods = methods
        self.computedProperties = computedProperties
        self.span = span
    }
}
