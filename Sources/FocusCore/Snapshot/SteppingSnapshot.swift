/// Step as a snapshot carries it (`state.stepping`): the member who has it on and, while an
/// action of theirs (or a timer's) is held, what it is, its statements and the one shown.
public struct SteppingSnapshot: Codable, Equatable, Sendable {
    /// The member id of the person stepping.
    public var by: String
    /// What is held: `tap`, `submit`, `focus` or `timer`; `nil` while Step waits for the next action.
    public var action: String?
    /// The statement shown, an index into ``statements``.
    public var at: Int?
    /// The held action's statements, in the order they run.
    public var statements: [TracedStatement]?

    public init(by: String, action: String? = nil, at: Int? = nil, statements: [TracedStatement]? = nil) {
        self.by = by
        self.action = action
        self.at = at
        self.statements = statements
    }
}
