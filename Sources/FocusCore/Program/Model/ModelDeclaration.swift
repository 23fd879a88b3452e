/// A struct a view keeps rows of (`struct Reminder: Identifiable { let id = UUID(); var title = "" }`).
public struct ModelDeclaration: Equatable, Sendable, Codable {
    /// One stored property, with the value it starts with if the declaration gives one.
    public struct Property: Equatable, Sendable, Codable {
        public var name: String
        public var type: TypeName?
        public var initial: Expression?
        public var isLet: Bool
        public var span: SourceSpan

        public init(name: String, type: TypeName?, initial: Expression?, isLet: Bool, span: SourceSpan) {
            self.name = name
            self.type = type
            self.initial = initial
            self.isLet = isLet
            self.span = span
        }
    }

    /// Qualified as Swift would.
    public var name: String
    public var properties: [Property]
    public var span: SourceSpan

    public init(name: String, properties: [Property], span: SourceSpan) {
        self.name = name
        self.properties = properties
        self.span = span
    }
}
