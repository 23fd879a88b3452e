import FocusProtocol

/// What a session remembers of one tab across its reconnects: its secret client id, the public
/// member it is shown as, and the last intent it had handled.
struct MemberRecord: Sendable, Equatable {
    /// The tab's secret; only its own connections ever see it.
    let clientId: String
    var member: Member
    /// The last `seq` handled for this client id: an intent at or below it is a resend.
    var lastSeq: Int
}
