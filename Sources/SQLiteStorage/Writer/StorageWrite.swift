/// One write to the durable log. Payloads are the caller's encoding; the storage never reads them.
public enum StorageWrite: Sendable, Equatable {
    /// Stores a session's metadata, creating the session or replacing its metadata.
    case upsertSession(id: String, meta: [UInt8])
    /// Appends one change to its session's log. A revision at or below the highest its session
    /// has stored (one already stored, or one that would go back) is refused with
    /// ``StorageError/duplicateRevision(path:session:revision:)``.
    case append(StoredChange)
    /// Replaces the session's snapshot (only the latest is kept).
    case snapshot(session: String, snapshot: StoredSnapshot)
    /// Stores what the caller keeps about one client of a session, replacing the previous record.
    case upsertMember(session: String, client: String, body: [UInt8])
    /// Deletes the session with its changes, snapshot and members.
    case deleteSession(id: String)

    /// The session this write belongs to.
    var session: String {
        switch self {
        case .upsertSession(let id, _), .deleteSession(let id): id
        case .append(let change): change.session
        case .snapshot(let session, _), .upsertMember(let session, _, _): session
        }
    }
}
