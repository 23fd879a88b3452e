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

    /// Names compare by their bytes, not by `String`'s canonical equivalence: a rename from "é"
    /// (U+00E9) to "e" + U+0301 is a change the others must see.
    public static func == (lhs: Member, rhs: Member) -> Bool {
        lhs.member == rhs.member && lhs.name.utf8.elementsEqual(rhs.name.utf8) && lhs.color == rhs.color
    }
}

/// What a connection may do in its session.
public enum Role: String, Equatable, Sendable, Codable {
    /// Joined with the session id: may change everything.
    case editor
    /// Joined with the viewer capability: receives everything, changes nothing.
    case viewer
}
