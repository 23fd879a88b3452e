/// A list of rows on a screen: every row has the same fields, and rows come and go.
public struct ListDeclaration: Codable, Equatable, Sendable {
    /// The list's name.
    public var id: ListID
    /// The most rows the list may hold; `addRow` beyond it is `too_many_rows`.
    public var maxRows: Int
    /// The fields of each row, in the order focus moves through them.
    public var fields: [RowFieldDeclaration]
    /// The rows a new session starts with: each maps a row case to its starting text (missing
    /// cases start empty). Their ids are drawn when the session is made.
    public var initialRows: [[RowCase: String]]

    /// The default for `maxRows`.
    public static let defaultMaxRows = 100

    public init(
        id: ListID,
        maxRows: Int = ListDeclaration.defaultMaxRows,
        fields: [RowFieldDeclaration],
        initialRows: [[RowCase: String]] = []
    ) {
        self.id = id
        self.maxRows = maxRows
        self.fields = fields
        self.initialRows = initialRows
    }

    /// The declaration of the row field with this case, if the list has one.
    public func field(_ rowCase: RowCase) -> RowFieldDeclaration? {
        fields.first { $0.rowCase == rowCase }
    }
}
