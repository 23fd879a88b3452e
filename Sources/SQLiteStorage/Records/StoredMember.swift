/// What the caller keeps about one client of a session (name, colour, last seq…), by client id.
public struct StoredMember: Sendable, Equatable {
    public var client: String
    public var body: [UInt8]

    public init(client: String, body: [UInt8]) {
        self.client = client
        self.body = body
    }
}
