/// Where this process keeps its sessions, chosen at start: the case says which store it is, so
/// what only one of them offers (Redis's leases, for ``SessionOwnership``) needs no downcast.
enum SessionStore: Sendable {
    /// Nowhere: sessions live and die with the process (`--in-memory`).
    case memory
    /// The SQLite log in the data folder.
    case sqlite(SQLitePersistence)
    /// Redis, shared with the other processes of a cluster (docs/SCALING.md).
    case redis(RedisPersistence)

    /// The store that writes go to; nil in memory.
    var persistence: (any SessionPersistence)? {
        switch self {
        case .memory: nil
        case .sqlite(let store): store
        case .redis(let store): store
        }
    }
}
