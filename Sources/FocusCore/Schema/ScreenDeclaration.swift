/// How one screen is built: its fields in order, its lists, and what it does on its own.
/// The engine interprets every screen from this declaration alone.
public struct ScreenDeclaration: Codable, Equatable, Sendable {
    /// The screen's name.
    public var id: ScreenID
    /// The title a person sees.
    public var title: String
    /// The Swift type of the screen's focus value as its code declares it (`ProfileForm.Field`),
    /// for printing the value as Swift does.
    public var focusType: String
    /// Whether the keyboard shows a toolbar with Previous and Next.
    public var keyboardToolbar: Bool
    /// The fields outside lists, in screen order (they come before the lists).
    public var fields: [FieldDeclaration]
    /// The lists, in screen order.
    public var lists: [ListDeclaration]
    /// Focus the screen sets when it appears, if any.
    public var appearFocus: AppearFocus?
    /// The button that validates the screen, if it has one (`validate` works either way).
    public var validateButton: ValidateButton?

    public init(
        id: ScreenID,
        title: String,
        focusType: String,
        keyboardToolbar: Bool = false,
        fields: [FieldDeclaration] = [],
        lists: [ListDeclaration] = [],
        appearFocus: AppearFocus? = nil,
        validateButton: ValidateButton? = nil
    ) {
        self.id = id
        self.title = title
        self.focusType = focusType
        self.keyboardToolbar = keyboardToolbar
        self.fields = fields
        self.lists = lists
        self.appearFocus = appearFocus
        self.validateButton = validateButton
    }

    /// The list with this name, if the screen has one.
    public func list(_ id: ListID) -> ListDeclaration? {
        lists.first { $0.id == id }
    }

    /// The list whose rows have a field with this case, if any.
    func list(holding rowCase: FocusCase) -> ListDeclaration? {
        lists.first { $0.field(rowCase) != nil }
    }
}
