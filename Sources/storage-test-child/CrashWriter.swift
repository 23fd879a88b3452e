import Foundation
import Locking
import SQLiteStorage

/// Appends changes to one session without end, with a snapshot every ``snapshotInterval``
/// revisions, and prints `committed <revision>` each time `onCommit` reports every revision up to
/// that one stored. The crash test kills it with SIGKILL at random moments and then checks that
/// every revision it printed is in the database. Each run continues the log where the database
/// ends, as a restarted server would. With `here`, it makes each submission durable on its own
/// thread, in the pending log (``StorageWriter/commitQueuedHere(upTo:)``), as the server does.
enum CrashWriter {
    static let session = "crash"
    static let snapshotInterval: Int64 = 50

    static func body(revision: Int64) -> [UInt8] {
        Array(String(repeating: "change \(revision) ", count: 16).utf8.prefix(200))
    }

    static func snapshotBody(revision: Int64) -> [UInt8] {
        Array("the state at revision \(revision)".utf8)
    }

    /// What the writer has been given: the last revision in each ticket not yet reported.
    private struct Submitted {
        var lastRevision: [StorageTicket: Int64] = [:]
        var reportedThrough = StorageTicket(0)
    }

    static func run(folder: String, here: Bool) -> Never {
        do throws(StorageError) {
            let store = try SQLiteStore.open(directory: folder)
            let existing = try store.loadAll().first { $0.id == session }
            let submitted = Locked(Submitted())
            // At most 64 submissions waiting, so the queue stays small however fast we submit.
            let room = DispatchSemaphore(value: 64)
            let writer = try store.startWriter { through, outcome in
                let (revision, covered) = submitted.withLock { state in
                    let covered = (state.reportedThrough.number + 1)...through.number
                    state.reportedThrough = through
                    let revisions = covered.map { state.lastRevision.removeValue(forKey: StorageTicket($0)) }
                    return (revisions.last ?? nil, covered.count)
                }
                switch outcome {
                case .success: if let revision { report("committed \(revision)") }
                case .failure(let error): report("failed \(error)")
                }
                for _ in 0..<covered { room.signal() }
            }
            var revision = existing?.revision ?? 0
            report("ready \(revision)")
            room.wait()
            submitted.withLock { _ in
                _ = writer.submit(existing == nil ? [.upsertSession(id: session, meta: Array("crash test".utf8))] : [])
            }
            while true {
                var writes: [StorageWrite] = []
                for _ in 0..<Int.random(in: 1...4) {
                    revision += 1
                    writes.append(
                        .append(StoredChange(session: session, revision: revision, at: revision, body: body(revision: revision))))
                    if revision % snapshotInterval == 0 {
                        writes.append(
                            .snapshot(
                                session: session,
                                snapshot: StoredSnapshot(revision: revision, body: snapshotBody(revision: revision))))
                    }
                }
                room.wait()
                // Held across submit, so onCommit cannot look for this ticket before it is recorded.
                submitted.withLock { state in
                    state.lastRevision[writer.submit(writes, wakingWriter: !here)] = revision
                }
                // Outside the lock: onCommit runs on this thread, and takes it.
                if here, !writer.commitQueuedHere(upTo: 512) { writer.wake() }
            }
        } catch {
            report("error \(error)")
            exit(1)
        }
    }
}
