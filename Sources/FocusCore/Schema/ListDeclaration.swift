/// A list of rows on a screen: every row has the same fields, and rows come and go.
public struct ListDeclaration: Codable, Equatable, Sendable {
    /// The list's name.
    public var id: ListID
    /// What one row is called ("Email", "Reminder"), for labels like "Email 2".
    public var rowNoun: String
    /// The heading over the list, if it has one.
    public var heading: String?
    /// The title of the button that appends a row, if people can add rows.
    public var addButton: String?
    /// Whether each row has a Delete button.
    public var removable: Bool
    /// Buttons a focused row shows, in order.
    public var rowActions: [RowAction]
    /// The row field whose text is shown rendered as Markdown while its row has no focus.
    public var markdownPreview: FocusCase?
    /// The most rows the list may hold; `addRow` beyond it is `too_many_rows`.
    public var maxRows: Int
    /// The fields of each row, in the order focus moves through them.
    public var fields: [RowFieldDeclaration]
    /// The rows a new session starts with: each maps a row case to its starting text (missing
    /// cases start empty). Their ids are drawn when the session is made.
    public var initialRows: [[FocusCase: String]]

    /// The default for `maxRows`.
    public static let defaultMaxRows = 100

    public init(
        id: ListID,
        rowNoun: String,
        heading: String? = nil,
        addButton: String? = nil,
        removable: Bool = false,
        rowActions: [RowAction] = [],
        markdownPreview: FocusCase? = nil,
        maxRows: Int = ListDeclaration.defaultMaxRows,
        fields: [RowFieldDeclaration],
        initialRows: [[FocusCase: String]] = []
    ) {
        self.id = id
        self.rowNoun = rowNoun
        self.heading = heading
        self.addButton = addButton
        self.removable = removable
        self.rowActions = rowActions
        self.markdownPreview = markdownPreview
        self.maxRows = maxRows
        self.fields = fields
        self.initialRows = initialRows
    }

    /// The declaration of the row field with this case, if the list has one.
    public func field(_ rowCase: FocusCase) -> RowFieldDeclaration? {
        fields.first { $0.rowCase == rowCase }
    }
}

extension ListDeclaration {
    private enum EncodingKeys: String, CodingKey {
        case id, rowNoun, heading, addButton, removable, rowActions, markdownPreview, maxRows, fields, initialRows, rowLabels
    }

    /// The declaration as written, and `rowLabels`: each row field's label without a row number
    /// (``label(of:atRow:)``), for a client naming a field of a row the list no longer holds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EncodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(rowNoun, forKey: .rowNoun)
        try container.encodeIfPresent(heading, forKey: .heading)
        try container.encodeIfPresent(addButton, forKey: .addButton)
        try container.encode(removable, forKey: .removable)
        try container.encode(rowActions, forKey: .rowActions)
        try container.encodeIfPresent(markdownPreview, forKey: .markdownPreview)
        try container.encode(maxRows, forKey: .maxRows)
        try container.encode(fields, forKey: .fields)
        try container.encode(initialRows, forKey: .initialRows)
        // The first field of a case names it, as `field(_:)` finds it.
        let labels = Dictionary(fields.map { ($0.rowCase, label(of: $0, atRow: nil)) }, uniquingKeysWith: { first, _ in first })
        try container.encode(labels, forKey: .rowLabels)
    }
}
