/// One applied change of a session's log: its revision, when it was applied, and the caller's
/// encoding of it. The storage never looks inside `body`.
public struct StoredChange: Sendable, Equatable {
    public var session: String
    public var revision: Int64
    /// Milliseconds since 1970, as the caller stamped the change.
    public var at: Int64
    public var body: [UInt8]

    public init(session: String, revision: Int64, at: Int64, body: [UInt8]) {
        self.session = session
        self.revision = revision
        self.at = at
        self.body = body
    }
}
