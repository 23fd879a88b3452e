/// The live state of one screen: focus, texts, errors and rows.
///
/// Values and errors are filed under each field's declared key (`FieldDeclaration.key`) or
/// its row key, whichever key the field happens to be bound to for focus.
public struct ScreenState: Codable, Equatable, Sendable {
    /// The screen this is the state of.
    public let screen: ScreenID
    /// The focus value: the `@FocusState` property. `nil` when nothing has focus.
    public internal(set) var focus: FocusKey?
    /// Every field's text, by key.
    public internal(set) var values: [FocusKey: String]
    /// The error each field got from the last validation, by key (valid fields have none).
    public internal(set) var errors: [FocusKey: String]
    /// Fields whose text changed since their error was found: the error may no longer hold,
    /// and stays only until the next validation (as the seeds keep it).
    public internal(set) var staleErrors: Set<FocusKey>
    /// Each list's row ids, in order.
    public internal(set) var rows: [ListID: [RowID]]
    /// The result of the last validation; `nil` if something changed since.
    public internal(set) var validation: ValidationResult?

    init(screen: ScreenID, values: [FocusKey: String], rows: [ListID: [RowID]]) {
        self.screen = screen
        self.focus = nil
        self.values = values
        self.errors = [:]
        self.staleErrors = []
        self.rows = rows
        self.validation = nil
    }

    /// The rows of `list` in order (empty if the screen has no such list).
    public func rows(in list: ListID) -> [RowID] {
        rows[list] ?? []
    }

    /// ``staleErrors`` in the order the protocol lists them: by key string.
    public var staleErrorsInWireOrder: [FocusKey] {
        staleErrors.sorted { $0.name < $1.name }
    }

    /// The row whose title, notes or email currently has focus, if any.
    public var focusedRow: RowID? { focus?.rowID }

    /// Whether any field of `row` has focus: a task row shows its notes field and its Add Date
    /// and Add Location buttons only while this holds.
    public func rowHasFocus(_ row: RowID) -> Bool {
        focusedRow == row
    }

    /// The text of the field with this key (empty if it has none).
    public func value(_ key: FocusKey) -> String {
        values[key] ?? ""
    }
}
