/// One applied change of a session: an entry of its Redis stream, whose id is the revision.
public struct StreamedChange: Sendable, Hashable {
    public var sessionID: String
    /// The session's revision after this change; strictly increasing within a session.
    public var revision: Int64
    /// When the change was applied, in milliseconds since 1970.
    public var at: Int64
    /// The change as the session machine encoded it; opaque here.
    public var payload: [UInt8]

    public init(sessionID: String, revision: Int64, at: Int64, payload: [UInt8]) {
        self.sessionID = sessionID
        self.revision = revision
        self.at = at
        self.payload = payload
    }
}
