import Dispatch
import FocusProtocol
import Foundation
import Locking
import Sessions

/// A ``SessionLog`` with its JSON read: the snapshot, the members and the changes after the
/// snapshot, ready to rebuild and replay.
struct DecodedSession: Sendable {
    /// Nil when the snapshot is missing or unreadable.
    var snapshot: DurableSession?
    var members: [DurableMember]
    /// In revision order; a change that cannot be read stops the replay there.
    var changes: [Result<ChangeRecord, ReplayError>]

    init(_ log: SessionLog) {
        let decoder = JSONValueDecoder()
        snapshot = log.snapshot.flatMap { try? decoder.decode(DurableSession.self, from: $0) }
        members = log.members.compactMap { try? decoder.decode(DurableMember.self, from: $0) }
        changes = log.changes.map { change in
            Result { () throws(ReplayError) in try ChangeRecord(revision: Int(change.revision), at: change.at, body: change.body)
            }
        }
    }

    /// The machine the log describes, built by `rebuild` (the same engine, configuration and
    /// renderer as new sessions get) from the snapshot, with the members put back and the
    /// changes replayed. Nil without a readable snapshot: a session whose creator died before
    /// storing it, which nobody can have seen.
    func restore(_ rebuild: (DurableSession) -> SessionMachine?) -> RestoredSession? {
        guard let snapshot, var machine = rebuild(snapshot) else { return nil }
        for member in members { machine.restore(member) }
        var problem: String?
        do {
            for change in changes {
                try machine.replay(try change.get())
            }
        } catch {
            problem = "session \(machine.id.redacted) stops at revision \(machine.revision): \(error)"
        }
        return RestoredSession(machine: machine, problem: problem)
    }

    /// Every log of `logs`, read, in order. Reading the JSON is most of a restore and shares
    /// nothing, so each core reads its own run of sessions.
    static func decodeAll(_ logs: [SessionLog]) -> [DecodedSession] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, logs.count))
        let runs = Locked<[Int: [DecodedSession]]>([:])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let run = logs[logs.count * worker / workers..<logs.count * (worker + 1) / workers].map(DecodedSession.init)
            runs.withLock { $0[worker] = run }
        }
        return runs.withLock { runs in (0..<workers).flatMap { runs[$0] ?? [] } }
    }
}
