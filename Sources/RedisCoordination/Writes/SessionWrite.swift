/// One write to a session, with the ticket it was given and the lease it was made under.
struct SessionWrite: Sendable {
    enum Kind: Sendable {
        case change(StreamedChange)
        case snapshot(SnapshotRecord)
        case member(MemberRecord)
        case create(SessionMetadata)
        case delete
        /// What the session's holder shares without a change (``RedisCoordinator/shareLive(_:under:)``).
        case live([UInt8])

        /// The session the record names, if it names one.
        var sessionID: String? {
            switch self {
            case .change(let change): change.sessionID
            case .snapshot(let snapshot): snapshot.sessionID
            case .member(let member): member.sessionID
            case .create(let metadata): metadata.sessionID
            case .delete, .live: nil
            }
        }
    }

    let ticket: WriteTicket
    let lease: Lease
    let kind: Kind

    var sessionID: String { lease.sessionID }

    /// The bytes of the record's payload, if it has one.
    var payloadCount: Int {
        switch kind {
        case .change(let change): change.payload.count
        case .snapshot(let snapshot): snapshot.payload.count
        case .member(let member): member.payload.count
        case .create(let metadata): metadata.payload.count
        case .delete: 0
        case .live(let payload): payload.count
        }
    }

    var change: StreamedChange? {
        if case .change(let change) = kind { change } else { nil }
    }
}
