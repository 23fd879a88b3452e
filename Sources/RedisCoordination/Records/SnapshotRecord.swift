/// A session's whole state at one revision; loading starts from the latest one.
public struct SnapshotRecord: Sendable, Hashable {
    public var sessionID: String
    public var revision: Int64
    /// The state as the session machine encoded it; opaque here.
    public var payload: [UInt8]

    public init(sessionID: String, revision: Int64, payload: [UInt8]) {
        self.sessionID = sessionID
        self.revision = revision
        self.payload = payload
    }
}
