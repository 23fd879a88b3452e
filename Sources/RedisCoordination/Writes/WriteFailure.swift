/// Why Redis did not store one write; the owner should treat its session as no longer its own.
public enum WriteFailure: Sendable, Equatable, CustomStringConvertible {
    /// The writer's lease is gone: another node acquired the session since (`holder` is the
    /// node holding it now, if any), or the session was deleted.
    case fenced(holder: String?)
    /// The revision is not above the last one stored and is no repeat of a stored change.
    case staleRevision(lastStored: Int64)
    /// A change with this revision is stored with other contents.
    case conflictingChange(revision: Int64)
    /// The session already exists with other metadata.
    case sessionExists
    /// The viewer capability already opens another session.
    case viewerCapabilityTaken
    /// Redis answered with an error the coordinator does not expect.
    case refusedByRedis(String)
    /// The coordinator shut down before Redis could be reached.
    case abandoned

    /// Decodes the refusal a write script returned.
    init(errorReply message: String) {
        let words = message.split(separator: " ", maxSplits: 1).map(String.init)
        let detail = words.count > 1 ? words[1] : ""
        switch words.first {
        case "FENCED": self = .fenced(holder: Lease.node(ofHolder: detail))
        case "STALE": self = .staleRevision(lastStored: Int64(detail) ?? -1)
        case "CONFLICT": self = .conflictingChange(revision: Int64(detail) ?? -1)
        case "EXISTS": self = .sessionExists
        case "VIEWERTAKEN": self = .viewerCapabilityTaken
        default: self = .refusedByRedis(message)
        }
    }

    public var description: String {
        switch self {
        case .fenced(let holder?): "the lease is held by \(holder) now"
        case .fenced(nil): "the lease was acquired by another node or the session was deleted"
        case .staleRevision(let last): "the revision is not above the last stored one (\(last))"
        case .conflictingChange(let revision): "revision \(revision) is stored with other contents"
        case .sessionExists: "the session already exists with other metadata"
        case .viewerCapabilityTaken: "the viewer capability already opens another session"
        case .refusedByRedis(let message): "Redis refused it: \(message)"
        case .abandoned: "the coordinator shut down before Redis could store it"
        }
    }
}
