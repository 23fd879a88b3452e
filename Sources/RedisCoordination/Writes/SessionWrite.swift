/// One write to a session, with the ticket it was given and the lease it was made under.
struct SessionWrite: Sendable {
    enum Kind: Sendable {
        case change(ChangeRecord)
        case snapshot(SnapshotRecord)
        case member(MemberRecord)
        case create(SessionMetadata)
        case delete
    }

    let ticket: WriteTicket
    let lease: Lease
    let kind: Kind

    var sessionID: String { lease.sessionID }

    var change: ChangeRecord? {
        if case .change(let change) = kind { change } else { nil }
    }
}
