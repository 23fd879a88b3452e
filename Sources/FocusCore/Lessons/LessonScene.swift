/// What a lesson's state goals read after a change: the lesson's screen as the session's program
/// draws it, and the session's source with what reading it warned about.
public struct LessonScene: Equatable, Sendable {
    /// The focus value's name: the case a program's focus state holds (`lastName` for `.lastName`, `row` for `.row(id: …)`, a `Bool` focus state's own
    /// name while it is `true`); `nil` while nothing has focus.
    public var focus: String?
    /// The key of the field that shows focus, as the wire spells it (`email/<row id>`).
    public var focusedField: String?
    /// Whether a list row's field has focus.
    public var rowFocused: Bool
    /// Each field's text by key.
    public var texts: [FocusKey: String]
    /// The session's source while it runs as written; `nil` while a newer text is read.
    public var source: String?
    /// The warnings reading the source gave, each message as the diagnostics list shows it.
    public var warnings: [String]

    public init(
        focus: String?, focusedField: String?, rowFocused: Bool, texts: [FocusKey: String], source: String?,
        warnings: [String]
    ) {
        self.focus = focus
        self.focusedField = focusedField
        self.rowFocused = rowFocused
        self.texts = texts
        self.source = source
        self.warnings = warnings
    }

    /// The name ``focus`` takes from a program's focus states (`name`, value as Swift prints it),
    /// in declaration order: the first that holds a value.
    public static func focusName(of states: [(name: String, value: String)]) -> String? {
        for state in states {
            switch state.value {
            case "nil", "false": continue
            case "true": return state.name
            default:
                guard state.value.hasPrefix(".") else { return state.value }
                return String(state.value.dropFirst().prefix { $0 != "(" })
            }
        }
        return nil
    }
}
