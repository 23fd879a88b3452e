/// What the lesson's screen must look like after a change, with only the parts that matter:
/// `{"focus":"name","focusedField":"address"}`. A member left out matches anything.
public struct StatePattern: Equatable, Sendable {
    /// The focus value (`null`: nothing has focus).
    public var focus: NamePattern?
    /// The field that shows focus: a field id, or a row case (`null`: none). It differs from
    /// ``focus`` only while two fields share a key.
    public var focusedField: NamePattern?
    /// Whether some row of a list has focus (the screen's `focusedRow` is set).
    public var rowFocused: Bool?
    /// Simple fields, by the case of their key, whose text must not be empty.
    public var filled: [FocusCase]?

    public init(
        focus: NamePattern? = nil, focusedField: NamePattern? = nil, rowFocused: Bool? = nil, filled: [FocusCase]? = nil
    ) {
        self.focus = focus
        self.focusedField = focusedField
        self.rowFocused = rowFocused
        self.filled = filled
    }

    /// Whether `scene` looks like this.
    func matches(_ scene: LessonScene) -> Bool {
        (focus?.matches(scene.focus) ?? true)
            && (focusedField?.matches(scene.focusedField) ?? true)
            && (rowFocused.map { $0 == scene.rowFocused } ?? true)
            && (filled ?? []).allSatisfy { !(scene.texts[FocusKey($0)] ?? "").isEmpty }
    }
}

extension StatePattern: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        focus = try container.decodeNamePattern(forKey: .focus)
        focusedField = try container.decodeNamePattern(forKey: .focusedField)
        rowFocused = try container.decodeIfPresent(Bool.self, forKey: .rowFocused)
        filled = try container.decodeIfPresent([FocusCase].self, forKey: .filled)
    }
}
