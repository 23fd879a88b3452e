import FocusCore
import FocusProtocol

/// Everything a session must keep across a restart, as one snapshot: its capabilities, revision,
/// FocusCore state, the tabs it remembers (names, colours, last `seq`) and its recent log.
public struct DurableSession: Codable, Equatable, Sendable {
    public var id: String
    public var viewer: String
    public var revision: Int
    public var state: SessionState
    public var members: [DurableMember]
    /// How many members ever joined (the next member id follows from it).
    public var joinedEver: Int
    public var log: [LogEntry]
}

/// One remembered tab.
public struct DurableMember: Codable, Equatable, Sendable {
    public var clientId: String
    public var member: Member
    public var lastSeq: Int

    public init(clientId: String, member: Member, lastSeq: Int) {
        self.clientId = clientId
        self.member = member
        self.lastSeq = lastSeq
    }
}
