/// Who a member is to the others: the public id, the name shown and the colour of their focus ring.
public struct Member: Equatable, Sendable, Codable {
    public var member: MemberID
    public var name: String
    public var color: String

    public init(member: MemberID, name: String, color: String) {
        self.member = member
        self.name = name
        self.color = color
    }
}

/// What a connection may do in its session.
public enum Role: String, Equatable, Sendable, Codable {
    /// Joined with the session id: may change everything.
    case editor
    /// Joined with the viewer capability: receives everything, changes nothing.
    case viewer
}
