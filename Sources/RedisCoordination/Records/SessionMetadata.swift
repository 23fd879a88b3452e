/// What a session is, fixed when it is created: its id, the capability that opens it read-only,
/// and an opaque payload (created-at and whatever else the session machine keeps).
public struct SessionMetadata: Sendable, Hashable {
    public var sessionID: String
    /// Indexed, so ``RedisCoordinator/sessionID(forViewer:_:)`` finds the session from it.
    public var viewerCapability: String?
    public var payload: [UInt8]

    public init(sessionID: String, viewerCapability: String?, payload: [UInt8]) {
        self.sessionID = sessionID
        self.viewerCapability = viewerCapability
        self.payload = payload
    }
}
