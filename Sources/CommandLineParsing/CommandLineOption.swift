/// One option of a command: its name, the placeholder for its value (nil for a flag that takes
/// none), its help, and how its value changes the options being built.
public struct CommandLineOption<Options>: Sendable {
    public var name: String
    public var valueName: String?
    public var help: String
    /// Whether the option may be given more than once (shown as `...` in the usage line).
    public var repeatable: Bool
    public var apply: @Sendable (inout Options, String) throws(UsageError) -> Void

    public init(
        name: String, valueName: String?, help: String, repeatable: Bool = false,
        apply: @escaping @Sendable (inout Options, String) throws(UsageError) -> Void
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.repeatable = repeatable
        self.apply = apply
    }

    /// `--port <port>`, `--json`: the option as the usage line and help show it.
    var synopsis: String {
        name + (valueName.map { " <\($0)>" } ?? "")
    }
}
