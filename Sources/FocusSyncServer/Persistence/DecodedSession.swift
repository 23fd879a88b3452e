import Dispatch
import Foundation
import SQLiteStorage
import SessionMachine
import Synchronization

/// A stored session with its JSON read: the snapshot, the members and the changes after the
/// snapshot, ready to rebuild and replay.
struct DecodedSession: Sendable {
    /// Nil when the snapshot is missing or unreadable.
    var snapshot: DurableSession?
    var members: [DurableMember]
    /// In revision order; a change that cannot be read stops the replay there.
    var changes: [Result<ChangeRecord, ReplayError>]

    init(_ stored: StoredSession, decoder: JSONDecoder) {
        snapshot = stored.snapshot.flatMap { try? decoder.decode(DurableSession.self, from: Data($0.body)) }
        members = stored.members.compactMap { try? decoder.decode(DurableMember.self, from: Data($0.body)) }
        changes = stored.changes.map { change in
            Result { () throws(ReplayError) in try ChangeRecord(revision: Int(change.revision), at: change.at, body: change.body) }
        }
    }

    /// Every session of `stored`, in order. Reading the JSON is most of a restore and shares
    /// nothing, so each core reads its own run of sessions.
    static func decodeAll(_ stored: [StoredSession]) -> [DecodedSession] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, stored.count))
        let runs = Mutex<[Int: [DecodedSession]]>([:])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let decoder = JSONDecoder()
            let run = stored[stored.count * worker / workers..<stored.count * (worker + 1) / workers].map { DecodedSession($0, decoder: decoder) }
            runs.withLock { $0[worker] = run }
        }
        return runs.withLock { runs in (0..<workers).flatMap { runs[$0] ?? [] } }
    }
}
