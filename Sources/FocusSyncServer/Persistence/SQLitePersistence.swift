import SQLiteStorage
import Sessions

/// Sessions kept in SQLite (``SQLiteStore``): a change log per session, its latest snapshot and
/// its members. A turn's writes are made durable on the service thread, in the store's pending
/// log, when the group is small; the store's writer thread applies them to the database in
/// large groups, and commits larger turns itself.
final class SQLitePersistence: SessionPersistence, @unchecked Sendable {
    // @unchecked: the store and writer are thread-safe; the rest is immutable.
    private let store: SQLiteStore
    private let writer: StorageWriter

    /// Opens (creating) the database in `folder`. `onCommit` runs on the thread that committed:
    /// the writer thread, or the caller of ``startWriting()``.
    init(folder: String, onCommit: @escaping @Sendable (UInt64, StorageError?) -> Void) throws(PersistenceError) {
        do {
            store = try SQLiteStore.open(directory: folder)
            writer = try store.startWriter { ticket, outcome in
                if case .failure(let error) = outcome {
                    onCommit(ticket.number, error)
                } else {
                    onCommit(ticket.number, nil)
                }
            }
        } catch {
            throw PersistenceError(description: error.description)
        }
    }

    var path: String { store.path }

    func submit(_ writes: [PersistenceWrite]) -> UInt64 {
        writer.submit(writes.map(Self.storageWrite), wakingWriter: false).number
    }

    var waitsToStartWriting: Bool { true }

    func startWriting() {
        // A turn's group of a few hundred writes is one write to the pending log here, without
        // the two thread switches the writer costs; a larger one goes to the writer.
        if !writer.commitQueuedHere(upTo: Self.writesCommittedHere) { writer.wake() }
    }

    /// The most writes ``startWriting()`` commits on the calling thread.
    static let writesCommittedHere = 512

    private static func storageWrite(_ write: PersistenceWrite) -> StorageWrite {
        switch write {
        case .create(let session):
            // The snapshot carries the capabilities.
            return .upsertSession(id: session.id, meta: SessionLog.metadata(of: session))
        case .change(let session, let change):
            return .append(
                StoredChange(
                    session: session.rawValue, revision: Int64(change.revision), at: change.at, body: change.encodedBody()))
        case .member(let session, let member):
            return .upsertMember(session: session.rawValue, client: member.clientId, body: SessionLog.encode(member))
        case .snapshot(let session):
            return .snapshot(
                session: session.id, snapshot: StoredSnapshot(revision: Int64(session.revision), body: SessionLog.encode(session))
            )
        case .delete(let session):
            return .deleteSession(id: session.rawValue)
        }
    }

    func restore(rebuild: @Sendable (DurableSession) -> SessionMachine?) throws(PersistenceError) -> [RestoredSession] {
        let stored: [StoredSession]
        do {
            stored = try store.loadAll()
        } catch {
            throw PersistenceError(description: error.description)
        }
        let logs = stored.map { session in
            SessionLog(
                snapshot: session.snapshot?.body, members: session.members.map(\.body),
                changes: session.changes.map { SessionLog.Change(revision: $0.revision, at: $0.at, body: $0.body) })
        }
        return SessionLog.restoreAll(logs, rebuild: rebuild)
    }

    func close() {
        writer.close()
        store.close()
    }

    var health: PersistenceHealth {
        PersistenceHealth(kind: "sqlite", location: store.path, healthy: writer.isHealthy, error: writer.lastFailure?.description)
    }
}
