/// What a session keeps about one client (name, colour, last `seq`), by its secret client id.
public struct MemberRecord: Sendable, Hashable {
    public var sessionID: String
    public var clientID: String
    /// The record as the session machine encoded it; opaque here.
    public var payload: [UInt8]

    public init(sessionID: String, clientID: String, payload: [UInt8]) {
        self.sessionID = sessionID
        self.clientID = clientID
        self.payload = payload
    }
}
