/// A SwiftUI source read into plain data that FocusCore runs: its screens, the enums their focus
/// values are made of, and the row models their lists hold. Nothing here was type-checked; the
/// interpreter gives every construct the meaning SwiftUI gives it (docs/SWIFTUI-SUBSET.md).
public struct SwiftUIProgram: Equatable, Sendable, Codable {
    /// Every enum of the source, top-level or nested, by the name Swift qualifies it with
    /// (`LoginForm.Field`).
    public var enums: [EnumDeclaration]
    /// Every struct that is not a view (`struct Reminder: Identifiable`), by qualified name.
    public var models: [ModelDeclaration]
    /// Each `View` struct that no other view uses, in source order.
    public var screens: [ViewDeclaration]
    /// The views that other views use, by name; they are inlined where they are used.
    public var components: [ViewDeclaration]

    public init(
        enums: [EnumDeclaration] = [], models: [ModelDeclaration] = [], screens: [ViewDeclaration] = [],
        components: [ViewDeclaration] = []
    ) {
        self.enums = enums
        self.models = models
        self.screens = screens
        self.components = components
    }
}
